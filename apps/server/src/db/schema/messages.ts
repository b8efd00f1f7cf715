import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Durable mail outbox: a mail is stored in the same transaction as what caused it and sent by a worker,
 * retried with back-off while the SMTP server is down, and still sent after a restart.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The same mail in HTML, for the customer mails that have it (a review request); null: text only. */
    html: text('html'),
    /** Files sent with it (a confirmation's .ics, an invoice's PDF): the content as text, or base64 (`encoding`). */
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
      >(),
    /** Extra headers (a reminder's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may (re)try it; a claim pushes it ahead so another server does not send it twice. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * The daily digest's once-a-day guard: one row per business date (YYYY-MM-DD) it was decided on, inserted in the
 * same transaction that puts the mail in the outbox, so servers and restarts never send a day twice.
 */
export const dailyDigests = pgTable('daily_digests', {
  businessDate: text('business_date').primaryKey(),
  /** False when there was nothing to say and no mail went out. */
  mailed: boolean('mailed').notNull(),
  createdAt: createdAt(),
});

/** The owner's devices that asked for push notices ("Notify me on this phone"); a 404/410 from its push service deletes one. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
});

/** Push notices to send, one per subscription, written with what they announce; the mail outbox's twin. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Text messages to send (reminders to customers who chose "text"), through the same outbox engine. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
