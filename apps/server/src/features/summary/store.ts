import type { PaidSummary, RevenueTotals } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCleanings, recurringPaid } from '../../db/schema';

/** "1234.50" (a numeric sum as PostgreSQL writes it) → 123450 cents, exactly. */
export function toCents(text: string | null | undefined): number {
  if (!text) return 0;
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text.trim());
  if (!match) throw new Error(`not a money amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

const totals = (oneTimeCents: number, recurringCents: number): RevenueTotals => ({
  one_time: oneTimeCents / 100,
  recurring: recurringCents / 100,
  total: (oneTimeCents + recurringCents) / 100,
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Paid one-time cleanings (by their date) and recurring paid amounts (by submission), for this month, this year,
 * all time and each of the last 12 months — months and years as the business's calendar counts them.
 * Sums are numeric in the database and exact to the cent.
 */
export const summaryStore = (db: Db) => ({
  async summary(timeZone: string, now = new Date()): Promise<PaidSummary> {
    const local = new TZDate(now.getTime(), timeZone);
    const year = local.getFullYear();
    const month = local.getMonth();
    const monthKey = (offset: number) => {
      const d = new TZDate(year, month + offset, 1, timeZone);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
    };
    const months = Array.from({ length: 12 }, (_, i) => monthKey(i - 11));
    const windowStart = new Date(new TZDate(year, month - 11, 1, timeZone).getTime());
    const windowEnd = new Date(new TZDate(year, month + 1, 1, timeZone).getTime());

    const byMonth = (column: typeof oneTimeCleanings.dateTime | typeof recurringPaid.submittedAt) =>
      sql<string>`to_char(${column} at time zone ${timeZone}::text, 'YYYY-MM')`;

    const [[oneTimeAll], [recurringAll], oneTimeMonths, recurringMonths] = await Promise.all([
      db
        .select({ sum: sql<string>`coalesce(sum(${oneTimeCleanings.amount}), 0)::text` })
        .from(oneTimeCleanings)
        .where(eq(oneTimeCleanings.paid, true)),
      db
        .select({ sum: sql<string>`coalesce(sum(${recurringPaid.amountPaid}), 0)::text` })
        .from(recurringPaid),
      db
        .select({
          month: byMonth(oneTimeCleanings.dateTime),
          sum: sql<string>`sum(${oneTimeCleanings.amount})::text`,
        })
        .from(oneTimeCleanings)
        .where(
          and(
            eq(oneTimeCleanings.paid, true),
            gte(oneTimeCleanings.dateTime, windowStart),
            lt(oneTimeCleanings.dateTime, windowEnd),
          ),
        )
        .groupBy(sql`1`),
      db
        .select({
          month: byMonth(recurringPaid.submittedAt),
          sum: sql<string>`sum(${recurringPaid.amountPaid})::text`,
        })
        .from(recurringPaid)
        .where(and(gte(recurringPaid.submittedAt, windowStart), lt(recurringPaid.submittedAt, windowEnd)))
        .groupBy(sql`1`),
    ]);

    const oneTime = new Map(oneTimeMonths.map((r) => [r.month, toCents(r.sum)]));
    const recurring = new Map(recurringMonths.map((r) => [r.month, toCents(r.sum)]));
    const sumOf = (source: Map<string, number>, keys: string[]) =>
      keys.reduce((acc, key) => acc + (source.get(key) ?? 0), 0);
    // This year's months all lie inside the 12-month window.
    const thisYear = months.filter((m) => m.startsWith(`${year}-`));
    const thisMonth = months.slice(-1);

    return {
      this_month: totals(sumOf(oneTime, thisMonth), sumOf(recurring, thisMonth)),
      this_year: totals(sumOf(oneTime, thisYear), sumOf(recurring, thisYear)),
      all_time: totals(toCents(oneTimeAll?.sum), toCents(recurringAll?.sum)),
      by_month: months.map((m) => ({
        month: m,
        ...totals(oneTime.get(m) ?? 0, recurring.get(m) ?? 0),
      })),
    };
  },
});
