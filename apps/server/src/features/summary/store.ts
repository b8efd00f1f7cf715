import {
  LEAD_SOURCES,
  type LeadSources,
  type PaidSummary,
  type RevenueTotals,
  wallInstant,
} from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { revenueBuckets } from '../../db/schema';

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
 * Sums are numeric in the database and exact to the cent, read from revenue_buckets (kept by triggers).
 */
/** The revenue summary's 12 business months: the first of the month 11 months back, to the next month's first. */
export function twelveMonths(timeZone: string, now: Date): { from: Date; to: Date } {
  const local = new TZDate(now.getTime(), timeZone);
  const year = local.getFullYear();
  const month = local.getMonth();
  return {
    from: wallInstant(Date.UTC(year, month - 11, 1), timeZone).at,
    to: wallInstant(Date.UTC(year, month + 1, 1), timeZone).at,
  };
}

/** A row of the lead sources' query: one source's sums in the window (revenue as numeric text). */
export type LeadSourceRow = { source: string; requests: number; booked: number; revenue: string | null };

/** The answer from the query's rows: every source in the fixed order, zero where the window had none. */
export function leadSourcesOf(rows: LeadSourceRow[], window: { from: Date; to: Date }): LeadSources {
  const found = new Map(rows.map((r) => [r.source, r]));
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    sources: LEAD_SOURCES.map((source) => {
      const row = found.get(source);
      return {
        source,
        requests: Number(row?.requests ?? 0),
        booked: Number(row?.booked ?? 0),
        revenue: toCents(row?.revenue) / 100,
      };
    }),
  };
}

export const summaryStore = (db: Db) => ({
  /**
   * Where the last 12 months' requests came from (leadSourcesSchema says what each figure counts), summed from
   * lead_source_buckets (kept by triggers, migration 0022): the requests' buckets of the window, and of their
   * revenue the part whose paid bucket lies in the window too.
   */
  async leadSources(timeZone: string, now: Date): Promise<LeadSources> {
    const { from, to } = twelveMonths(timeZone, now);
    const inWindow = (column: SQL) => sql`${column} >= ${from.toISOString()}::timestamptz
      and ${column} < ${to.toISOString()}::timestamptz`;
    // Complete unless a crash or a restore emptied it (then refilled once, here).
    await db.execute(sql`select lead_source_rebuild() where not exists
      (select 1 from lead_source_buckets where lead_bucket = '-infinity' and source = 'built')`);
    const result = await db.execute(sql`
      select source, sum(requests)::int as requests, sum(booked)::int as booked,
        coalesce(sum(revenue) filter (where ${inWindow(sql`paid_bucket`)}), 0)::text as revenue
      from lead_source_buckets where ${inWindow(sql`lead_bucket`)}
      group by source`);
    return leadSourcesOf((result as unknown as { rows: LeadSourceRow[] }).rows, { from, to });
  },

  async summary(timeZone: string, now = new Date()): Promise<PaidSummary> {
    const local = new TZDate(now.getTime(), timeZone);
    const year = local.getFullYear();
    const month = local.getMonth();
    const monthKey = (offset: number) => {
      const d = new TZDate(year, month + offset, 1, timeZone);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
    };
    const months = Array.from({ length: 12 }, (_, i) => monthKey(i - 11));
    const { from: windowStart, to: windowEnd } = twelveMonths(timeZone, now);

    // Complete unless a crash or a restore emptied it (then refilled once, here).
    await db.execute(
      sql`select revenue_rebuild() where not exists (select 1 from revenue_buckets where kind = 'built')`,
    );
    const [allTime, inWindow] = await Promise.all([
      db
        .select({ kind: revenueBuckets.kind, sum: sql<string>`sum(${revenueBuckets.amount})::text` })
        .from(revenueBuckets)
        .groupBy(revenueBuckets.kind),
      db
        .select({
          kind: revenueBuckets.kind,
          month: sql<string>`to_char(${revenueBuckets.bucket} at time zone ${timeZone}::text, 'YYYY-MM')`,
          sum: sql<string>`sum(${revenueBuckets.amount})::text`,
        })
        .from(revenueBuckets)
        .where(and(gte(revenueBuckets.bucket, windowStart), lt(revenueBuckets.bucket, windowEnd)))
        .groupBy(sql`1`, sql`2`),
    ]);
    const all = new Map(allTime.map((r) => [r.kind, toCents(r.sum)]));
    const byMonth = (kind: string) =>
      new Map(inWindow.filter((r) => r.kind === kind).map((r) => [r.month, toCents(r.sum)]));
    const oneTime = byMonth('one_time');
    const recurring = byMonth('recurring');
    const sumOf = (source: Map<string, number>, keys: string[]) =>
      keys.reduce((acc, key) => acc + (source.get(key) ?? 0), 0);
    // This year's months all lie inside the 12-month window.
    const thisYear = months.filter((m) => m.startsWith(`${year}-`));
    const thisMonth = months.slice(-1);

    return {
      this_month: totals(sumOf(oneTime, thisMonth), sumOf(recurring, thisMonth)),
      this_year: totals(sumOf(oneTime, thisYear), sumOf(recurring, thisYear)),
      all_time: totals(all.get('one_time') ?? 0, all.get('recurring') ?? 0),
      by_month: months.map((m) => ({
        month: m,
        ...totals(oneTime.get(m) ?? 0, recurring.get(m) ?? 0),
      })),
    };
  },
});
