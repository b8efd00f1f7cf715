import { describe, expect, it } from 'vitest';
import { clockRecords, invoiceLines, invoicePayments, invoices, visitExceptions } from '../../src/db/schema';
import { hourlyCents } from '../../src/features/pay/service';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { addCleaner } from '../support/team';

const t = useTestApp();
const at = (iso: string) => new Date(iso);

/** A clock record of `userId` on `key` from `start` for `minutes` (and `seconds`). */
const clocked = (userId: number, visitKey: string, start: string, minutes: number, seconds = 0) =>
  t.db.insert(clockRecords).values({
    userId,
    visitKey,
    clockInAt: at(start),
    clockOutAt: new Date(Date.parse(start) + minutes * 60_000 + seconds * 1000),
  });

/** An issued invoice billing `keys` (one line each, in order), paid with `tips`. */
async function invoiceFor(inquiryId: number, number: string, keys: string[], tips: number[]) {
  const [inv] = await t.db
    .insert(invoices)
    .values({ inquiryId, number, status: 'paid', issuedOn: '2026-12-20' })
    .returning({ id: invoices.id });
  const invoiceId = inv?.id ?? 0;
  await t.db.insert(invoiceLines).values(
    keys.map((visitKey, i) => ({
      invoiceId,
      position: i + 1,
      description: 'Cleaning',
      quantity: 1,
      unitAmount: 100,
      amount: 100,
      visitKey,
    })),
  );
  await t.db
    .insert(invoicePayments)
    .values(tips.map((tip) => ({ invoiceId, amount: 100, tip, method: 'cash', receivedOn: '2026-12-20' })));
}

describe('pay', () => {
  it('rounds hourly pay half up to the cent, exactly', () => {
    expect(hourlyCents(2250, 91)).toBe(3413); // 34.125
    expect(hourlyCents(2250, 60)).toBe(2250);
    expect(hourlyCents(1999, 1)).toBe(33); // 33.316…
    expect(hourlyCents(3, 10)).toBe(1); // 0.5 cent rounds up
  });

  it('hourly: clocked time × rate per visit, planned minutes, tips of the visit’s invoice, totals', async () => {
    const ana = await addCleaner(t, { name: 'Ana', payKind: 'hourly', payAmount: 22.5 });
    const ben = await addCleaner(t, { name: 'Ben' });
    const r = records(t);
    const home = await r.inquiry('Maria Gonzalez');
    const one = `o${await r.cleaning(home, { dateTime: at('2026-12-03T14:00:00Z'), durationMinutes: 90, cleanerId: ana.id, doneAt: at('2026-12-03T16:00:00Z') })}`;
    const bens = `o${await r.cleaning(home, { dateTime: at('2026-12-04T14:00:00Z'), cleanerId: ben.id })}`;
    // Weekly from Dec 7 with Ana by default; Dec 14's occurrence is Ben's own.
    const schedule = await r.schedule(home, {
      firstVisitAt: at('2026-12-07T15:00:00Z'),
      frequency: 'Weekly',
      durationMinutes: 120,
      cleanerId: ana.id,
    });
    await t.db
      .insert(visitExceptions)
      .values({ recurringPaymentId: schedule, originalStart: at('2026-12-14T15:00:00Z'), cleanerId: ben.id });
    const dec7 = `r${schedule}-20261207T150000Z`;
    await clocked(ana.id, one, '2026-12-03T14:05:00Z', 91, 10); // 91 min (10 s rounds away)
    await clocked(ana.id, dec7, '2026-12-07T15:00:00Z', 60);
    await clocked(ana.id, dec7, '2026-12-07T16:30:00Z', 45); // back after a break
    await clocked(ben.id, bens, '2026-12-04T14:00:00Z', 60);
    await invoiceFor(home, '2026-0001', [one], [5, 2.5]);
    await invoiceFor(home, '2026-0002', [dec7, `r${schedule}-20261221T150000Z`], [10]);

    const res = await t.asAdmin('GET', `/api/team/${ana.id}/pay?from=2026-12-01&to=2026-12-22`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      visits: [
        { key: one, date: '2026-12-03', planned_minutes: 90, clocked_minutes: 91, pay: 34.13, tips: 7.5 },
        { key: dec7, date: '2026-12-07', planned_minutes: 120, clocked_minutes: 105, pay: 39.38, tips: 10 },
        {
          key: `r${schedule}-20261221T150000Z`,
          date: '2026-12-21',
          planned_minutes: 120,
          clocked_minutes: 0,
          pay: 0,
          tips: 0,
        },
      ],
      totals: { planned_minutes: 330, clocked_minutes: 196, pay: 73.51, tips: 17.5 },
    });
    const csv = await t.asAdmin('GET', `/api/team/${ana.id}/pay.csv?from=2026-12-01&to=2026-12-22`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')).toEqual([
      'key,date,planned_minutes,clocked_minutes,pay,tips',
      `${one},2026-12-03,90,91,34.13,7.50`,
      `${dec7},2026-12-07,120,105,39.38,10.00`,
      `r${schedule}-20261221T150000Z,2026-12-21,120,0,0.00,0.00`,
      'total,,330,196,73.51,17.50',
      '',
    ]);
    const bensPay = await t.asAdmin('GET', `/api/team/${ben.id}/pay?from=2026-12-01&to=2026-12-22`);
    expect(bensPay.json().visits.map((v: { key: string }) => v.key)).toEqual([
      bens,
      `r${schedule}-20261214T150000Z`,
    ]);
  });

  it('per visit: the flat amount for a visit done or clocked', async () => {
    const cleo = await addCleaner(t, { name: 'Cleo', payKind: 'per_visit', payAmount: 65 });
    const r = records(t);
    const home = await r.inquiry('Tom Reilly');
    const done = `o${await r.cleaning(home, { dateTime: at('2027-01-05T14:00:00Z'), cleanerId: cleo.id, doneAt: at('2027-01-05T17:00:00Z') })}`;
    const worked = `o${await r.cleaning(home, { dateTime: at('2027-01-06T14:00:00Z'), cleanerId: cleo.id })}`;
    const ahead = `o${await r.cleaning(home, { dateTime: at('2027-01-07T14:00:00Z'), cleanerId: cleo.id })}`;
    await clocked(cleo.id, worked, '2027-01-06T14:00:00Z', 100);
    const res = await t.asAdmin('GET', `/api/team/${cleo.id}/pay?from=2027-01-01&to=2027-01-31`);
    expect(res.json().visits.map((v: { key: string; pay: number }) => [v.key, v.pay])).toEqual([
      [done, 65],
      [worked, 65],
      [ahead, 0],
    ]);
    expect(res.json().totals.pay).toBe(130);
  });

  it('refuses a bad or too long range, an unknown person, a cleaner’s token', async () => {
    const ana = await addCleaner(t);
    const base = `/api/team/${ana.id}/pay`;
    for (const q of [
      'from=2026-12-01',
      'from=2026-12-05&to=2026-12-01',
      'from=2026-01-01&to=2026-05-01',
      'from=2026-02-30&to=2026-03-02',
      'from=x&to=y',
    ]) {
      for (const path of [base, `${base}.csv`]) {
        const res = await t.asAdmin('GET', `${path}?${q}`);
        expect(res.statusCode, `${path}?${q}: ${res.body}`).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
    }
    expect((await t.asAdmin('GET', '/api/team/999999/pay?from=2026-12-01&to=2026-12-02')).statusCode).toBe(
      404,
    );
    expect((await ana.as('GET', `${base}?from=2026-12-01&to=2026-12-02`)).statusCode).toBe(403);
    expect((await t.anonymous('GET', `${base}.csv?from=2026-12-01&to=2026-12-02`)).statusCode).toBe(401);
  });
});
