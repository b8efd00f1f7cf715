import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inquiries, oneTimeCleanings, recurringPaid, recurringPayments } from '../../src/db/schema';
import { summaryStore, twelveMonths } from '../../src/features/summary/store';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { reference } from '../support/lead-sources-reference';

const t = useTestApp();
const add = records(t);
const HOUR = 3_600_000;

/** mulberry32: the same "random" history on every run and both databases. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// Zones from -12:00 to +14:00, with the half and quarter hours (Kolkata +5:30, Kathmandu +5:45, Chatham +12:45/+13:45).
const ZONES = [
  'America/New_York',
  'Etc/GMT+12',
  'Pacific/Kiritimati',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];
const NOW = new Date('2027-03-15T16:00:00Z');
/** "Now"s whose windows start and end on different months, and one at a month's first hour. */
const NOWS = [NOW, new Date('2026-11-01T00:30:00Z'), new Date('2027-09-30T23:30:00Z')];

async function expectAgreement(what: string) {
  const store = summaryStore(t.db);
  for (const zone of ZONES)
    for (const now of NOWS)
      expect(await store.leadSources(zone, now), `${what}: ${zone} at ${now.toISOString()}`).toEqual(
        await reference(t.db, zone, now),
      );
  // And the endpoint itself (the configured zone, the real clock).
  const res = await t.asAdmin('GET', '/api/summary/lead_sources');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json(), what).toEqual(await reference(t.db, t.config.timezone, new Date()));
}

const ids = async (query: SQL) =>
  ((await t.db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));

describe('lead_source_buckets (kept by triggers) answer what the old query answered', () => {
  it('through inserts, updates, moves and deletes of inquiries, cleanings, schedules and paid records', async () => {
    await add.clearAll();
    const next = random(29);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const start = Date.parse('2025-06-01T00:00:00Z');
    const span = Date.parse('2028-06-01T00:00:00Z') - start;
    /** Instants anywhere in three years, a third of them within a day of a UTC month's start (where zones' months begin). */
    const when = () => {
      if (next() < 0.35) {
        const month = new Date(start + next() * span);
        const first = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
        return new Date(
          first + Math.round((next() * 28 - 14) * 4) * 15 * 60_000 - Math.floor(next() * 2) * 1000,
        );
      }
      return new Date(start + Math.floor(next() * span));
    };
    const cents = () => Math.floor(next() * 50_000) / 100;
    const HEARD = ['google', 'facebook', 'nextdoor', 'friend', 'yelp', 'other', null] as const;
    const STATUS = ['New Inquiry', 'Contacted', 'Booked', 'Paused', 'Completed'] as const;

    const leads: number[] = [];
    for (let i = 0; i < 60; i++)
      leads.push(
        await add.inquiry(`Lead ${i}`, { heardFrom: pick(HEARD), status: pick(STATUS), submittedAt: when() }),
      );
    for (let i = 0; i < 80; i++)
      await add.cleaning(pick(leads), {
        amount: cents(),
        paid: next() < 0.6,
        dateTime: next() < 0.1 ? null : when(),
      });
    const schedules: number[] = [];
    for (let i = 0; i < 20; i++) schedules.push(await add.schedule(pick(leads)));
    for (let i = 0; i < 60; i++)
      await add.paidRecord(pick(schedules), [], {
        amountPaid: cents(),
        submittedAt: when(),
      });
    // And on either side of each window's ends, in every zone: a month bucket one second off would count them wrong.
    // (One statement per table: the triggers take many rows at once.)
    const edges = ZONES.flatMap((zone) =>
      NOWS.flatMap((now) => {
        const { from, to } = twelveMonths(zone, now);
        return [from, to].flatMap((edge) => [-1000, 0].map((offset) => new Date(edge.getTime() + offset)));
      }),
    );
    const edgeLeads = await t.db
      .insert(inquiries)
      .values(edges.map((at) => ({ name: 'Edge', heardFrom: pick(HEARD), submittedAt: at })))
      .returning({ id: inquiries.id });
    await t.db.insert(oneTimeCleanings).values(
      edges.map((at, i) => ({
        inquiryId: edgeLeads[i]?.id ?? 0,
        amount: cents(),
        paid: true,
        dateTime: at,
      })),
    );
    const edgeSchedules = await t.db
      .insert(recurringPayments)
      .values(edges.map(() => ({ inquiryId: pick(leads), amount: 100 })))
      .returning({ id: recurringPayments.id });
    await t.db.insert(recurringPaid).values(
      edges.map((at, i) => ({
        recurringPaymentId: edgeSchedules[i]?.id ?? 0,
        amountPaid: cents(),
        submittedAt: at,
      })),
    );
    await expectAgreement('after the inserts');

    // One row at a time, as the hub changes them.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) {
        const id = pick(leads);
        const change = pick(['status', 'heard', 'submitted'] as const);
        if (change === 'status')
          await t.db.execute(sql`update inquiries set status = ${pick(STATUS)} where id = ${id}`);
        else if (change === 'heard')
          await t.db.execute(sql`update inquiries set heard_from = ${pick(HEARD)} where id = ${id}`);
        else
          await t.db.execute(
            sql`update inquiries set submitted_at = ${when().toISOString()}::timestamptz where id = ${id}`,
          );
      }
      const cleanings = await ids(sql`select id from one_time_cleanings order by id`);
      for (let i = 0; i < 15; i++) {
        const id = pick(cleanings);
        const change = pick(['paid', 'amount', 'date', 'inquiry', 'notes'] as const);
        if (change === 'paid')
          await t.db.execute(sql`update one_time_cleanings set paid = not paid where id = ${id}`);
        else if (change === 'amount')
          await t.db.execute(sql`update one_time_cleanings set amount = ${cents()} where id = ${id}`);
        else if (change === 'date')
          await t.db.execute(
            sql`update one_time_cleanings set date_time = ${next() < 0.2 ? null : when().toISOString()}::timestamptz where id = ${id}`,
          );
        else if (change === 'inquiry')
          await t.db.execute(sql`update one_time_cleanings set inquiry_id = ${pick(leads)} where id = ${id}`);
        else await t.db.execute(sql`update one_time_cleanings set notes = 'seen' where id = ${id}`);
      }
      for (let i = 0; i < 4; i++)
        await t.db.execute(
          sql`update recurring_payments set inquiry_id = ${pick(leads)} where id = ${pick(schedules)}`,
        );
      const paid = await ids(sql`select id from recurring_paid order by id`);
      for (let i = 0; i < 10; i++) {
        const id = pick(paid);
        const change = pick(['amount', 'submitted', 'schedule'] as const);
        if (change === 'amount')
          await t.db.execute(sql`update recurring_paid set amount_paid = ${cents()} where id = ${id}`);
        else if (change === 'submitted')
          await t.db.execute(
            sql`update recurring_paid set submitted_at = ${when().toISOString()}::timestamptz where id = ${id}`,
          );
        else
          await t.db.execute(
            sql`update recurring_paid set recurring_payment_id = ${pick(schedules)} where id = ${id}`,
          );
      }
      await expectAgreement(`after round ${round} of single changes`);
    }

    // Many rows in one statement, as the cleanup and bulk edits do (the triggers see them all at once).
    await t.db.execute(
      sql`update one_time_cleanings set paid = not paid, inquiry_id = ${leads[0]} where id % 3 = 0`,
    );
    await t.db.execute(
      sql`update inquiries set heard_from = 'yelp', submitted_at = submitted_at + interval '20 days' where id % 4 = 0`,
    );
    await t.db.execute(sql`update recurring_payments set inquiry_id = ${leads[1]} where id % 2 = 0`);
    await t.db.execute(
      sql`update recurring_paid set submitted_at = submitted_at - interval '13 hours' where id % 2 = 1`,
    );
    await expectAgreement('after updates of many rows at once');

    await t.db.execute(sql`delete from recurring_paid where id % 3 = 0`);
    await t.db.execute(sql`delete from one_time_cleanings where id % 2 = 0`);
    await expectAgreement('after deleting many paid records and cleanings at once');
    // Schedules without paid records, then inquiries left without cleanings or schedules.
    await t.db.execute(sql`delete from recurring_payments s where not exists
      (select 1 from recurring_paid p where p.recurring_payment_id = s.id) and s.id % 2 = 0`);
    await t.db.execute(sql`delete from inquiries i where id % 3 <> 0
      and not exists (select 1 from one_time_cleanings c where c.inquiry_id = i.id)
      and not exists (select 1 from recurring_payments s where s.inquiry_id = i.id)`);
    await expectAgreement('after deleting schedules and inquiries');
    // The last cleaning of an inquiry booked only by it: no longer booked.
    await t.db.execute(sql`delete from one_time_cleanings`);
    await expectAgreement('after deleting every cleaning');
    // Hundreds of statements, each a synced commit on PGlite: longer than the project's 30 s on a loaded machine.
  }, 120_000);

  it('is refilled when found incomplete (a crash emptied it, or a restore, which leaves it out)', async () => {
    await add.clearAll();
    const lead = await add.inquiry('Refilled', {
      heardFrom: 'friend',
      submittedAt: new Date(NOW.getTime() - 24 * HOUR),
    });
    await add.cleaning(lead, { amount: 75.5, paid: true, dateTime: new Date(NOW.getTime() - 2 * HOUR) });
    await t.db.execute(sql`delete from lead_source_buckets`);
    const body = await summaryStore(t.db).leadSources(t.config.timezone, NOW);
    expect(body.sources.find((s) => s.source === 'friend')).toEqual({
      source: 'friend',
      requests: 1,
      booked: 1,
      revenue: 75.5,
    });
    await expectAgreement('after the refill');
  });
});
