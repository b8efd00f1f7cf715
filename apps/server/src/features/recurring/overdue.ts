import { OVERDUE_GRACE_DAYS, type OverduePayment, type Period, recognisedPeriod } from '@clean/shared';
import { and, asc, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, recurringPayments } from '../../db/schema';
import { occurrence } from '../visits/rule';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The list shows the most overdue schedules, at most this many (years of lapsed clients would be thousands). */
export const OVERDUE_LIMIT = 100;

/**
 * One period after `from`, counted on the business calendar (a month after Jan 31 is Feb 28), as the visits count
 * their occurrences: the same wall-clock rule.
 */
const after = (from: Date, period: Period, timeZone: string) =>
  occurrence({ first: from, period }, 1, timeZone);

/**
 * When the next payment is due counted in UTC, the expression of recurring_payments_due_idx (migration 0007):
 * within a day of the business calendar's, which decides exactly below.
 */
const dueInUtc = sql`((coalesce(${recurringPayments.lastPaidAt}, ${recurringPayments.createdAt}) at time zone 'UTC') + recurring_period(${recurringPayments.frequency}))`;
const utc = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'UTC')`;

/**
 * Schedules with a recognised frequency whose latest paid date (or, never paid, their creation) lies more than one
 * period plus the grace days in the past; the latest first, at most OVERDUE_LIMIT.
 *
 * Read through the due-date index: the OVERDUE_LIMIT-th earliest UTC due date, then every schedule due before it
 * plus three days (its business-calendar due date can differ by under a day, and a day more keeps ties on
 * days_overdue), decided exactly here. Whatever lies beyond is at least a whole day less late than all of those.
 */
export async function overdueSchedules(
  db: Db,
  timeZone: string,
  now = new Date(),
): Promise<OverduePayment[]> {
  // Under a day of difference between the calendars: a schedule due in UTC before this may be late.
  const candidate = lt(dueInUtc, utc(new Date(now.getTime() - (OVERDUE_GRACE_DAYS - 1) * DAY_MS)));
  const [nth] = await db
    .select({ due: sql<string>`${dueInUtc}::text` })
    .from(recurringPayments)
    .where(candidate)
    .orderBy(asc(dueInUtc))
    .limit(1)
    .offset(OVERDUE_LIMIT - 1);
  const bound: SQL | undefined = nth
    ? lt(dueInUtc, sql`${nth.due}::timestamp + interval '3 days'`)
    : undefined;
  const rows = await db
    .select({
      id: recurringPayments.id,
      inquiryId: recurringPayments.inquiryId,
      amount: recurringPayments.amount,
      frequency: recurringPayments.frequency,
      createdAt: recurringPayments.createdAt,
      lastPaid: recurringPayments.lastPaidAt,
    })
    .from(recurringPayments)
    .where(and(candidate, bound));

  const overdue: Omit<OverduePayment, 'inquiry_name'>[] = [];
  for (const row of rows) {
    const period = recognisedPeriod(row.frequency);
    if (!period) continue;
    const last = row.lastPaid;
    const expectedBy = after(last ?? row.createdAt, period, timeZone);
    const late = now.getTime() - expectedBy.getTime();
    if (late <= OVERDUE_GRACE_DAYS * DAY_MS) continue;
    overdue.push({
      id: row.id,
      inquiry_id: row.inquiryId,
      amount: row.amount,
      frequency: row.frequency,
      last_paid: last ? last.toISOString() : null,
      expected_by: expectedBy.toISOString(),
      days_overdue: Math.floor(late / DAY_MS),
    });
  }
  const shown = overdue
    .sort((a, b) => b.days_overdue - a.days_overdue || a.id - b.id)
    .slice(0, OVERDUE_LIMIT);
  // Names for the shown ones only, looked up by id (a join lets the planner, unsure how many are due, scan them all).
  const names = new Map(
    shown.length
      ? (
          await db
            .select({ id: inquiries.id, name: inquiries.name })
            .from(inquiries)
            .where(inArray(inquiries.id, [...new Set(shown.map((o) => o.inquiry_id))]))
        ).map((i) => [i.id, i.name])
      : [],
  );
  return shown.map((o) => ({ ...o, inquiry_name: names.get(o.inquiry_id) ?? '' }));
}
