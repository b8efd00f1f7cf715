import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export const CLEANER_PASSWORD = 'bench-cleaner-password';

/**
 * Five cleaners, each given one in 200 of the ten years' one-time cleanings and one in five of the active schedules,
 * the first one's visits of the last 31 days clocked in and out, and an invoice with its line and payment for
 * every paid one-time cleaning (numbered by year, 6.35 % tax, a tip on one in ten; one in twenty of the last 180
 * days' still open, so what is owed has something to sum): what `GET /api/my/visits`, the
 * pay report and the invoices' lists, summary and report read at that scale (docs/performance.md).
 * Answers the first cleaner (the one whose visits are clocked).
 */
export async function seedTeamAndInvoices(db: Db): Promise<{ id: number; email: string }> {
  const passwordHash = await hash(CLEANER_PASSWORD);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const cleaners = await rows<{ id: number; email: string }>(sql`
    insert into users (username, email, password_hash, role, name, pay_kind, pay_amount)
    select 'cleaner' || i || '@bench.test', 'cleaner' || i || '@bench.test', ${passwordHash}, 'cleaner', 'Cleaner ' || i,
           (array['hourly', 'per_visit'])[1 + i % 2], 20 + i
      from generate_series(1, 5) as i
    returning id, email`);
  const [lowest] = cleaners.map((c) => ({ id: Number(c.id), email: c.email })).sort((a, b) => a.id - b.id);
  if (!lowest) throw new Error('no cleaners were added');
  const first = lowest.id;
  // One cleaning in forty, five in every 200 by id: about 7 a day each over the ten years, a cleaner's real day
  // (all of them would be 260 a day each: BENCH_ALL_ASSIGNED=1 times that too).
  await db.execute(
    process.env.BENCH_ALL_ASSIGNED === '1'
      ? sql`update one_time_cleanings set cleaner_id = ${first} + id % 5`
      : sql`update one_time_cleanings set cleaner_id = ${first} + id % 200 where id % 200 < 5`,
  );
  await db.execute(
    sql`update recurring_payments set cleaner_id = ${first} + id % 5 where first_visit_at is not null`,
  );
  await db.execute(sql`
    insert into clock_records (user_id, visit_key, clock_in_at, clock_out_at, in_key, out_key)
    select cleaner_id, 'o' || id, date_time, date_time + interval '2 hours 10 minutes', 'in-' || id, 'out-' || id
      from one_time_cleanings
     where cleaner_id = ${first} and date_time between now() - interval '31 days' and now() - interval '3 hours'`);
  await db.execute(sql`
    insert into invoices (inquiry_id, number, status, notes, bill_to_name, issued_on, due_on, tax_rate_percent,
                          tax_label, prices_include_tax, subtotal, taxable_amount, non_taxable_amount, tax, total)
    select inquiry_id,
           to_char(date_time, 'YYYY') || '-' || lpad(n::text, greatest(4, length(n::text)), '0'),
           case when id % 20 = 0 and date_time > now() - interval '180 days' then 'open' else 'paid' end,
           'o' || id, 'Bench customer', date_time::date, date_time::date + 7, 6.35, 'CT sales tax', false,
           amount, amount, 0, round(amount * 0.0635, 2), amount + round(amount * 0.0635, 2)
      from (select *, row_number() over (partition by to_char(date_time, 'YYYY') order by id) as n
              from one_time_cleanings where paid and date_time is not null) as paid`);
  await db.execute(sql`
    insert into invoice_lines (invoice_id, position, description, quantity, unit_amount, amount, taxable, visit_key)
    select id, 0, 'Cleaning', 1, subtotal, subtotal, true, notes from invoices where notes like 'o%'`);
  await db.execute(sql`
    insert into invoice_payments (invoice_id, amount, tip, method, received_on)
    select id, total, case when id % 10 = 0 then 5 else 0 end, 'cash', issued_on
      from invoices where notes like 'o%' and status = 'paid'`);
  await db.execute(sql`
    insert into invoice_counters (year, last)
    select split_part(number, '-', 1)::smallint, max(split_part(number, '-', 2)::int)
      from invoices where number is not null group by 1
    on conflict (year) do update set last = excluded.last`);
  // Vacuumed as well as analysed: a database years old has been through autovacuum, whose visibility map lets the
  // reports read their covering indexes alone; right after a bulk load it has not yet run.
  const tables = [
    'users',
    'one_time_cleanings',
    'recurring_payments',
    'clock_records',
    'invoices',
    'invoice_lines',
  ];
  for (const table of [...tables, 'invoice_payments']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return lowest;
}
