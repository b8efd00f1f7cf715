import { type OverduePayment, recognisedPeriod } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inquiries, recurringPayments } from '../../src/db/schema';
import { OVERDUE_LIMIT } from '../../src/features/recurring/overdue';
import { useTestApp } from '../support/harness';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
/** A schedule created `createdDaysAgo` ago, paid on the given days ago (none: never paid). */
async function schedule(name: string, frequency: string, paidDaysAgo: number[], createdDaysAgo = 120) {
  const inquiry = await post('/api/inquiries', { name });
  const s = await post('/api/recurring_payments', { inquiry_id: inquiry.id, amount: 95.5, frequency });
  await t.db
    .update(recurringPayments)
    .set({ createdAt: daysAgo(createdDaysAgo) })
    .where(eq(recurringPayments.id, s.id));
  if (paidDaysAgo.length)
    await post('/api/recurring_paid', {
      recurring_payment_id: s.id,
      dates_related: paidDaysAgo.map((d) => daysAgo(d).toISOString()),
      amount_paid: 95.5 * paidDaysAgo.length,
    });
  return s.id;
}

it('lists the late schedules with a recognised frequency, and only those', async () => {
  const onTime = await schedule('Weekly On Time', 'Weekly', [19, 12, 5]);
  const late = await schedule('Weekly Late', 'weekly', [26, 19, 12]);
  const withinGrace = await schedule('Biweekly In Grace', 'bi-weekly', [16]);
  const biweeklyLate = await schedule('Biweekly Late', 'Every 2 weeks', [20]);
  const neverPaid = await schedule('Monthly Never Paid', 'Monthly', [], 40);
  const newSchedule = await schedule('Monthly New', 'Monthly', [], 10);
  const unknown = await schedule('Unknown Frequency', 'When needed', [], 400);
  const unknownOld = await schedule('Unknown Old Paid', 'Tuesdays', [300]);

  const res = await t.asAdmin('GET', '/api/recurring_payments/overdue');
  expect(res.statusCode).toBe(200);
  const list = res.json<OverduePayment[]>();
  const ids = list.map((o) => o.id);
  expect(ids).toEqual(expect.arrayContaining([late, biweeklyLate, neverPaid]));
  for (const id of [onTime, withinGrace, newSchedule, unknown, unknownOld]) expect(ids).not.toContain(id);
  expect(list).toHaveLength(3);

  const weekly = list.find((o) => o.id === late);
  expect(weekly).toMatchObject({
    inquiry_name: 'Weekly Late',
    amount: 95.5,
    frequency: 'weekly',
    days_overdue: 5,
  });
  expect(Math.abs(Date.parse(weekly?.last_paid ?? '') - daysAgo(12).getTime())).toBeLessThan(60_000);
  expect(Math.abs(Date.parse(weekly?.expected_by ?? '') - daysAgo(5).getTime())).toBeLessThan(2 * 3600_000);

  expect(list.find((o) => o.id === biweeklyLate)?.days_overdue).toBe(6);
  const never = list.find((o) => o.id === neverPaid);
  expect(never?.last_paid).toBeNull();
  // A month after 40 days ago: 8 to 12 whole days ago, depending on the months' lengths.
  expect(never?.days_overdue).toBeGreaterThanOrEqual(8);
  expect(never?.days_overdue).toBeLessThanOrEqual(12);
  // The latest first.
  expect(list.map((o) => o.days_overdue)).toEqual([...list.map((o) => o.days_overdue)].sort((a, b) => b - a));
});

it('a new payment takes a schedule off the list', async () => {
  const id = await schedule('Paid Up Now', 'Weekly', [30]);
  const before = await t.asAdmin('GET', '/api/recurring_payments/overdue');
  expect(before.json<OverduePayment[]>().map((o) => o.id)).toContain(id);
  await post('/api/recurring_paid', {
    recurring_payment_id: id,
    dates_related: [daysAgo(1).toISOString()],
    amount_paid: 95.5,
  });
  const after = await t.asAdmin('GET', '/api/recurring_payments/overdue');
  expect(after.json<OverduePayment[]>().map((o) => o.id)).not.toContain(id);
});

const overdueIds = async () =>
  (await t.asAdmin('GET', '/api/recurring_payments/overdue')).json<OverduePayment[]>().map((o) => o.id);

it('follows paid records edited, moved and deleted (the schedule keeps its latest paid date)', async () => {
  const id = await schedule('Edited Payer', 'Weekly', [30]);
  const other = await schedule('Other Payer', 'Weekly', [2]);
  const recent = await post('/api/recurring_paid', {
    recurring_payment_id: id,
    dates_related: [daysAgo(1).toISOString()],
    amount_paid: 95.5,
  });
  expect(await overdueIds()).not.toContain(id);

  const patch = async (body: object) =>
    expect((await t.asAdmin('PATCH', `/api/recurring_paid/${recent.id}`, body)).statusCode).toBe(200);
  await patch({ dates_related: [daysAgo(20).toISOString()] });
  expect(await overdueIds()).toContain(id);
  await patch({ dates_related: [daysAgo(2).toISOString(), daysAgo(9).toISOString()] });
  expect(await overdueIds()).not.toContain(id);

  // Moved to another schedule: the first is back to its payment of 30 days ago.
  await patch({ recurring_payment_id: other });
  expect(await overdueIds()).toContain(id);
  expect(await overdueIds()).not.toContain(other);
  await patch({ recurring_payment_id: id });
  expect(await overdueIds()).not.toContain(id);

  expect((await t.asAdmin('DELETE', `/api/recurring_paid/${recent.id}`)).statusCode).toBeLessThan(300);
  const list = (await t.asAdmin('GET', '/api/recurring_payments/overdue')).json<OverduePayment[]>();
  const back = list.find((o) => o.id === id);
  expect(Math.abs(Date.parse(back?.last_paid ?? '') - daysAgo(30).getTime())).toBeLessThan(60_000);
});

it('the database reads a frequency exactly as the app does (the due-date index)', async () => {
  const spellings = [
    'Weekly',
    ' weekly ',
    'Once a week',
    'every week',
    'EACH-WEEK',
    '1 week',
    'Biweekly',
    'bi-weekly',
    'Bi Weekly',
    'every other week',
    'Fortnightly',
    'every fortnight',
    '2 weeks',
    'Four weekly',
    '4-weekly',
    '4weekly',
    '4 weeks',
    'Monthly',
    'once a month',
    'Every month',
    'each month',
    '1 month',
    'every 3 weeks',
    'Every two months',
    'every six weeks',
    'every 12 months',
    'every 13 weeks',
    'every 0 weeks',
    'every 007 weeks',
    'every a week',
    'every one month',
    'When needed',
    'Tuesdays',
    '',
    'weekly!',
    'weeklyy',
    'every 2 week',
    'every 99999999999999999999 weeks',
    'semaine',
    'Ménage weekly',
  ];
  for (const frequency of spellings) {
    const [row] = (
      (await t.db.execute(sql`select extract(day from p)::int as days,
          (extract(year from p) * 12 + extract(month from p))::int as months
          from (select recurring_period(${frequency}) as p) x`)) as unknown as {
        rows: { days: number | null; months: number | null }[];
      }
    ).rows;
    const period = recognisedPeriod(frequency);
    const inDb = row?.days == null ? null : row.months ? { months: row.months } : { days: row.days };
    expect(inDb, frequency).toEqual(period);
  }
});

it(`lists at most ${OVERDUE_LIMIT}, the latest first`, async () => {
  const [inquiry] = await t.db.insert(inquiries).values({ name: 'Lapsed Client' }).returning();
  // Weekly schedules created 20 to 170 days ago, never paid, plus monthly ones among them.
  const created = await t.db
    .insert(recurringPayments)
    .values(
      Array.from({ length: 150 }, (_, i) => ({
        inquiryId: inquiry?.id ?? 0,
        amount: 50,
        frequency: i % 3 ? 'Weekly' : 'Monthly',
        notes: null,
        createdAt: daysAgo(20 + i),
      })),
    )
    .returning({ id: recurringPayments.id });
  const all = (await t.asAdmin('GET', '/api/recurring_payments/overdue')).json<OverduePayment[]>();
  expect(all).toHaveLength(OVERDUE_LIMIT);
  const days = all.map((o) => o.days_overdue);
  expect(days).toEqual([...days].sort((a, b) => b - a));
  // The oldest of them all is the most overdue; a newer one among them is left out.
  expect(all[0]?.id).toBe(created.at(-1)?.id);
  expect(all.map((o) => o.id)).not.toContain(created[0]?.id);
});

it('is for the admin only', async () => {
  expect((await t.anonymous('GET', '/api/recurring_payments/overdue')).statusCode).toBe(401);
});
