import type { OverduePayment } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { recurringPayments } from '../../src/db/schema';
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

it('is for the admin only', async () => {
  expect((await t.anonymous('GET', '/api/recurring_payments/overdue')).statusCode).toBe(401);
});
