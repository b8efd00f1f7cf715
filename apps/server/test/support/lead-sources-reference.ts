import type { LeadSources } from '@clean/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { type LeadSourceRow, leadSourcesOf, twelveMonths } from '../../src/features/summary/store';

/**
 * The summary's query before lead_source_buckets (reading the inquiries, cleanings and paid records of the window
 * directly): the reference the kept buckets must always agree with. Only the SQL is its own; the rows become the
 * answer as the store's do (leadSourcesOf), since what is compared is what the two queries count.
 */
export async function reference(db: Db, timeZone: string, now: Date): Promise<LeadSources> {
  const { from, to } = twelveMonths(timeZone, now);
  const inWindow = (column: SQL) => sql`${column} >= ${from.toISOString()}::timestamptz
    and ${column} < ${to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with leads as (
      select id, coalesce(heard_from, 'unknown') as source, status in ('Booked', 'Completed') as booked
      from inquiries where ${inWindow(sql`submitted_at`)}
    ),
    cleanings as (
      select c.inquiry_id,
        coalesce(sum(c.amount) filter (where c.paid and ${inWindow(sql`c.date_time`)}), 0) as paid
      from one_time_cleanings c where c.inquiry_id in (select id from leads) group by c.inquiry_id
    ),
    schedules as (
      select r.inquiry_id, coalesce(sum(p.amount_paid), 0) as paid
      from recurring_payments r
      left join recurring_paid p on p.recurring_payment_id = r.id and ${inWindow(sql`p.submitted_at`)}
      where r.inquiry_id in (select id from leads) group by r.inquiry_id
    )
    select l.source, count(*)::int as requests,
      (count(*) filter (where l.booked or c.inquiry_id is not null or s.inquiry_id is not null))::int as booked,
      (coalesce(sum(c.paid), 0) + coalesce(sum(s.paid), 0))::text as revenue
    from leads l
    left join cleanings c on c.inquiry_id = l.id
    left join schedules s on s.inquiry_id = l.id
    group by l.source`);
  return leadSourcesOf((result as unknown as { rows: LeadSourceRow[] }).rows, { from, to });
}
