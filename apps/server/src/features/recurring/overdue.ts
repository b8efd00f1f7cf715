import { OVERDUE_GRACE_DAYS, type OverduePayment, type Period, recognisedPeriod } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths } from 'date-fns';
import { eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, recurringPaid, recurringPaidDates, recurringPayments } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One period after `from`, counted on the business calendar (a month after Jan 31 is Feb 28). */
const after = (from: Date, period: Period, timeZone: string) => {
  const start = new TZDate(from.getTime(), timeZone);
  return new Date(
    ('days' in period ? addDays(start, period.days) : addMonths(start, period.months)).getTime(),
  );
};

/**
 * Schedules with a recognised frequency whose latest paid date (or, never paid, their creation) lies more than one
 * period plus the grace days in the past; the latest first.
 */
export async function overdueSchedules(
  db: Db,
  timeZone: string,
  now = new Date(),
): Promise<OverduePayment[]> {
  const lastPaid = db
    .select({ scheduleId: recurringPaid.recurringPaymentId, at: max(recurringPaidDates.dateTime).as('at') })
    .from(recurringPaid)
    .innerJoin(recurringPaidDates, eq(recurringPaidDates.recurringPaidId, recurringPaid.id))
    .groupBy(recurringPaid.recurringPaymentId)
    .as('last_paid');
  const rows = await db
    .select({
      id: recurringPayments.id,
      inquiryId: recurringPayments.inquiryId,
      inquiryName: inquiries.name,
      amount: recurringPayments.amount,
      frequency: recurringPayments.frequency,
      createdAt: recurringPayments.createdAt,
      lastPaid: lastPaid.at,
    })
    .from(recurringPayments)
    .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
    .leftJoin(lastPaid, eq(lastPaid.scheduleId, recurringPayments.id));

  const overdue: OverduePayment[] = [];
  for (const row of rows) {
    const period = recognisedPeriod(row.frequency);
    if (!period) continue;
    // max() over timestamptz comes back as text from some drivers.
    const last = row.lastPaid ? new Date(row.lastPaid) : null;
    const expectedBy = after(last ?? row.createdAt, period, timeZone);
    const late = now.getTime() - expectedBy.getTime();
    if (late <= OVERDUE_GRACE_DAYS * DAY_MS) continue;
    overdue.push({
      id: row.id,
      inquiry_id: row.inquiryId,
      inquiry_name: row.inquiryName,
      amount: row.amount,
      frequency: row.frequency,
      last_paid: last ? last.toISOString() : null,
      expected_by: expectedBy.toISOString(),
      days_overdue: Math.floor(late / DAY_MS),
    });
  }
  return overdue.sort((a, b) => b.days_overdue - a.days_overdue || a.id - b.id);
}
