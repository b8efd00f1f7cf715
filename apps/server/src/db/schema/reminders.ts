import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { inquiries } from './inquiries';

/**
 * Reminders decided (features/reminders): one row per visit, reminder and start, inserted in the transaction that
 * puts the messages in the outbox, so two servers or a restart never send one twice. The start is part of the key:
 * a visit moved to another time is reminded of its new time.
 */
export const visitReminders = pgTable(
  'visit_reminders',
  {
    visitKey: text('visit_key').notNull(),
    hoursBefore: integer('hours_before').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.visitKey, t.hoursBefore, t.startsAt] })],
);

/**
 * Customers (inquiries) who turned reminders off with the link in a reminder (features/reminders); confirmations
 * still go. Demo customers get a row, so demo content mails no one.
 */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  inquiryId: integer('inquiry_id')
    .primaryKey()
    .references(() => inquiries.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
