import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { recurringPaid, recurringPayments } from './recurring';
import { users } from './users';

export const visitExceptionStatus = pgEnum('visit_exception_status', ['planned', 'done', 'skipped']);

/**
 * What differs from a schedule's rule for one occurrence (named by the start the rule gives it): skipped, done,
 * moved to another time, and the paid record Done & paid created. Occurrences themselves are never stored.
 * The unique pair is what makes Done & paid happen once, whichever request or server comes first.
 */
export const visitExceptions = pgTable(
  'visit_exceptions',
  {
    id: serial('id').primaryKey(),
    recurringPaymentId: integer('recurring_payment_id')
      .notNull()
      .references(() => recurringPayments.id, { onDelete: 'cascade' }),
    originalStart: timestamp('original_start', { withTimezone: true }).notNull(),
    status: visitExceptionStatus('status').notNull().default('planned'),
    /** Where the occurrence was moved to; null: at its original start. */
    movedTo: timestamp('moved_to', { withTimezone: true }),
    /** The paid record Done & paid created; deleting that record leaves the visit done but unpaid. */
    recurringPaidId: integer('recurring_paid_id').references(() => recurringPaid.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
    /** This occurrence's team member; null: the schedule's. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('visit_exceptions_occurrence_idx').on(t.recurringPaymentId, t.originalStart),
    uniqueIndex('visit_exceptions_paid_idx').on(t.recurringPaidId),
    // Moves into a range are found from the new time.
    index('visit_exceptions_moved_idx').on(t.movedTo).where(sql`${t.movedTo} is not null`),
    index('visit_exceptions_cleaner_idx').on(t.cleanerId).where(sql`${t.cleanerId} is not null`),
  ],
);
