import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { inquiries } from './inquiries';
import { users } from './users';

export const oneTimeCleanings = pgTable(
  'one_time_cleanings',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    dateTime: timestamp('date_time', { withTimezone: true }),
    amount: money('amount'),
    paid: boolean('paid').notNull().default(false),
    notes: text('notes'),
    /** The visit's length; null: the owner's default (working hours setting). */
    durationMinutes: integer('duration_minutes'),
    /** When the owner marked the visit done (Done & paid, or Mark paid); null: not yet. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** When the customer cancelled it with their personal link (features/customer-link); null: not cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The team member who cleans it (features/team); null: unassigned. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check('one_time_cleanings_amount_nonnegative', sql`${t.amount} >= 0`),
    index('one_time_cleanings_inquiry_idx').on(t.inquiryId),
    // The Manage list's order (newest date first, undated last); also serves the agenda's date ranges.
    index('one_time_cleanings_newest_idx').on(t.dateTime.desc().nullsLast(), t.id.desc()),
    // The longest stated visit, at once (open times read cleanings that far back from each time: features/slots).
    index('one_time_cleanings_duration_idx')
      .on(t.durationMinutes)
      .where(sql`${t.durationMinutes} is not null`),
    // When a cleaning becomes old (its date, or its creation when undated): the cleanup list and count.
    index('one_time_cleanings_effective_date_idx').on(sql`coalesce(${t.dateTime}, ${t.createdAt})`),
    index('one_time_cleanings_notes_trgm_idx').using('gin', t.notes.op('gin_trgm_ops')),
    // A team member's day (features/team): their cleanings by date.
    index('one_time_cleanings_cleaner_idx')
      .on(t.cleanerId, t.dateTime)
      .where(sql`${t.cleanerId} is not null`),
  ],
);
