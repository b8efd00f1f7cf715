import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneTimeCleanings } from './cleanings';
import { money } from './columns';
import { inquiries } from './inquiries';
import { recurringPayments } from './recurring';

export const holdStatus = pgEnum('hold_status', ['held', 'confirmed', 'declined']);

/**
 * The time a visitor's booking request asked for (docs/product.md#open-times-and-holds), kept from the other visitors
 * until the owner confirms or declines it, or until it lapses (`created_at` plus the booking rules' holdDays,
 * computed when read: no job). Only rows `held` and not lapsed block open times. A confirmed hold names the visit it
 * became, so a repeated confirm answers that visit instead of making another.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** One of QUOTE_FREQUENCIES: a confirmed weekly request becomes a schedule. */
    frequency: text('frequency').notNull().default('one_time'),
    /** The quoted amount (the server's own quote); 0 when the request had none. */
    amount: money('amount').default(0),
    status: holdStatus('status').notNull().default('held'),
    /** Given by the service (its clock), not the database's: the lapse is measured against the same clock. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    oneTimeCleaningId: integer('one_time_cleaning_id').references(() => oneTimeCleanings.id, {
      onDelete: 'set null',
    }),
    recurringPaymentId: integer('recurring_payment_id').references(() => recurringPayments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('holds_amount_nonnegative', sql`${t.amount} >= 0`),
    index('holds_held_start_idx').on(t.start).where(sql`${t.status} = 'held'`),
    index('holds_inquiry_idx').on(t.inquiryId),
  ],
);
