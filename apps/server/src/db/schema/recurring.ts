import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { inquiries } from './inquiries';
import { users } from './users';

export const recurringPayments = pgTable(
  'recurring_payments',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    frequency: text('frequency').notNull().default(''),
    notes: text('notes'),
    createdAt: createdAt(),
    /**
     * The latest of its paid dates, kept by triggers on recurring_paid and recurring_paid_dates (migration 0007):
     * the overdue list reads it instead of aggregating every paid date.
     */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    /** The first visit; with a recognised frequency, the rule its occurrences are computed from (features/visits). */
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }),
    /** Each visit's length; null: the owner's default (working hours setting). */
    durationMinutes: integer('duration_minutes'),
    /**
     * Its inquiry's name, kept by triggers (migration 0014) for the search by name: read through the inquiries,
     * that search walked every inquiry bearing a common surname (1 in 10 has a schedule) to count 1,000 schedules.
     * Never written by the app.
     */
    inquiryName: text('inquiry_name').notNull().default(''),
    /** The team member who cleans its visits unless an occurrence says otherwise; null: unassigned. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),

    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check('recurring_payments_amount_nonnegative', sql`${t.amount} >= 0`),
    // The visits of a range read only the schedules that have visits at all.
    index('recurring_payments_first_visit_idx').on(t.firstVisitAt).where(sql`${t.firstVisitAt} is not null`),
    index('recurring_payments_inquiry_idx').on(t.inquiryId),
    // Read backwards, the Manage list's order (newest first): a page comes straight from the index.
    index('recurring_payments_created_idx').on(t.createdAt, t.id),
    // When the next payment is due, in UTC (the business calendar's own is within a day of it): the overdue list.
    index('recurring_payments_due_idx').on(
      sql`((coalesce(${t.lastPaidAt}, ${t.createdAt}) at time zone 'UTC') + recurring_period(${t.frequency}))`,
    ),
    index('recurring_payments_frequency_trgm_idx').using('gin', t.frequency.op('gin_trgm_ops')),
    index('recurring_payments_notes_trgm_idx').using('gin', t.notes.op('gin_trgm_ops')),
    index('recurring_payments_inquiry_name_trgm_idx').using('gin', t.inquiryName.op('gin_trgm_ops')),
    index('recurring_payments_cleaner_idx').on(t.cleanerId).where(sql`${t.cleanerId} is not null`),
  ],
);

export const recurringPaid = pgTable(
  'recurring_paid',
  {
    id: serial('id').primaryKey(),
    recurringPaymentId: integer('recurring_payment_id')
      .notNull()
      .references(() => recurringPayments.id, { onDelete: 'restrict' }),
    amountPaid: money('amount_paid'),
    notes: text('notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recurring_paid_amount_nonnegative', sql`${t.amountPaid} >= 0`),
    index('recurring_paid_payment_idx').on(t.recurringPaymentId),
    index('recurring_paid_submitted_idx').on(t.submittedAt),
  ],
);

/**
 * One row per paid date of a recurring paid record (the comma-joined dates_related of docs/product.md#compatibility,
 * typed).
 */
export const recurringPaidDates = pgTable(
  'recurring_paid_dates',
  {
    id: serial('id').primaryKey(),
    recurringPaidId: integer('recurring_paid_id')
      .notNull()
      .references(() => recurringPaid.id, { onDelete: 'cascade' }),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('recurring_paid_dates_paid_idx').on(t.recurringPaidId),
    // The agenda reads the first paid dates of each day, ids included, from the index alone.
    index('recurring_paid_dates_day_idx').on(t.dateTime, t.recurringPaidId),
  ],
);
