import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const SCHEDULES = Number(process.env.BENCH_MONTHLY_INVOICES ?? 500);

type Headers = Record<string, string>;

/**
 * The monthly billing run at the size the goal names (docs/performance.md): SCHEDULES schedules with four done
 * visits each last month, billed monthly, issued in one run while the hub keeps asking for its lists. Answers the
 * lines of a table: the run's seconds and invoices, and the hub's p50/p95 meanwhile.
 */
export async function benchMonthlyRun(app: FastifyInstance, now: Date, auth: Headers, hubUrls: string[]) {
  const db = app.database.db;
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 15));
  await db.execute(sql`
    insert into visit_exceptions (recurring_payment_id, original_start, status)
    select s.id, ${first.toISOString()}::timestamptz + (2 + 7 * w) * interval '1 day', 'done'
      from (select id from recurring_payments order by id desc limit ${SCHEDULES}) s, generate_series(0, 3) w
    on conflict (recurring_payment_id, original_start) do update set status = 'done'`);
  const billing = await app.inject({ method: 'GET', url: '/api/billing', headers: auth });
  const monthly = await app.inject({
    method: 'PUT',
    url: '/api/billing',
    headers: auth,
    payload: { ...billing.json<object>(), recurring_billing: 'monthly' },
  });
  if (monthly.statusCode !== 200) throw new Error(`billing: ${monthly.statusCode} ${monthly.body}`);

  const invoices = app.services.invoices;
  let running = true;
  const waits: number[] = [];
  const hub = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: hubUrls[i % hubUrls.length] as string, headers: auth });
      waits.push(performance.now() - t0);
    }
  })();
  const started = performance.now();
  const issued = await invoices.billMonth(now).finally(() => {
    running = false;
  });
  const seconds = (performance.now() - started) / 1000;
  await hub;
  waits.sort((a, b) => a - b);
  const at = (p: number) =>
    (waits[Math.min(waits.length - 1, Math.floor(waits.length * p))] ?? NaN).toFixed(1);
  const mails = (
    (await db.execute(
      sql`select count(*)::int as n from mail_outbox where subject like 'Invoice %'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;
  return (
    `Monthly run: ${issued} invoices issued (${mails} invoice mails queued) in ${seconds.toFixed(1)} s ` +
    `(goal ≤ 60 s for 500); ${waits.length} hub requests meanwhile, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms ` +
    '(goal p95 ≤ 50 ms)'
  );
}
