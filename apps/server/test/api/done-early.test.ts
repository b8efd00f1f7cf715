import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCleanings, recurringPaid, reviewRequests, visitExceptions } from '../../src/db/schema';
import { reviewDueAt } from '../../src/features/review-requests/service';
import { weeklySchedule } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * Done means done (docs/api.md, "Done early"): Done or Done & paid before the visit's start is a 409 asking the
 * owner unless confirm_early; the review request waits for the visit's end; Done & paid is undone on its day.
 */
let now = new Date();
const t = useTestApp({}, { clock: () => now });

const H = 3_600_000;
let n = 0;
async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const customer = () =>
  post('/api/inquiries', {
    name: `Dee Early${++n}`,
    email: `early${n}@customer.test`,
    phone_number: '8605550123',
    call_or_text: 'call',
    town: 'Bristol',
  });
const patch = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);
type Visit = { key: string; status: string; paid: boolean; end: string; recurring_paid_id: number | null };

describe('done before the visit', () => {
  it('a visit still ahead answers 409 with its date, changes nothing, and is done with confirm_early', async () => {
    now = new Date('2026-12-01T15:00:00Z');
    const c = await customer();
    const { id } = await post('/api/one_time_cleanings', {
      inquiry_id: c.id,
      date_time: '2026-12-04T09:00',
      amount: 150,
      notify_customer: false,
    });
    for (const body of [{ status: 'done' }, { status: 'done', paid: true }, { paid: true }]) {
      const early = await patch(`o${id}`, body);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: 'This visit is on Fri, Dec 4 — mark it done anyway?' });
    }
    const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, id));
    expect(row).toMatchObject({ doneAt: null, paid: false });
    expect(await t.db.$count(reviewRequests, eq(reviewRequests.inquiryId, c.id))).toBe(0);

    const done = await patch(`o${id}`, { status: 'done', paid: true, confirm_early: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', paid: true });
    // The request waits for the cleaning's end (Dec 4, 11:00 AM), not the tap three days before.
    const [request] = await t.db.select().from(reviewRequests).where(eq(reviewRequests.inquiryId, c.id));
    expect(request?.dueAt.getTime()).toBe(
      reviewDueAt(new Date(done.json<Visit>().end), 3, t.app.config.timezone).getTime(),
    );
    expect(request?.dueAt.getTime()).toBeGreaterThan(Date.parse('2026-12-04T16:00:00Z'));
  });

  it('a recurring occurrence ahead asks too; once it has started, Done needs no confirmation', async () => {
    now = new Date('2026-12-01T15:00:00Z');
    const c = await customer();
    const series = await weeklySchedule(t, c.id, '2026-12-03T09:00');
    const key = `r${series}-20261203T140000Z`;
    const early = await patch(key, { status: 'done', paid: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This visit is on Thu, Dec 3 — mark it done anyway?');
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.recurringPaymentId, series))).toBe(0);

    now = new Date('2026-12-03T14:30:00Z');
    const done = await patch(key, { status: 'done', paid: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', paid: true });
  });
});

describe('undo of Done & paid', () => {
  it('recurring, the same business day: planned again removes the paid record and withdraws the request', async () => {
    now = new Date();
    const c = await customer();
    const series = await weeklySchedule(t, c.id, '2026-11-03T09:00');
    const key = `r${series}-20261103T140000Z`;
    const done = await patch(key, { status: 'done', paid: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.recurringPaymentId, series))).toBe(1);
    expect(await t.db.$count(reviewRequests, eq(reviewRequests.inquiryId, c.id))).toBe(1);

    const undone = await patch(key, { status: 'planned' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'planned', paid: false, recurring_paid_id: null });
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.recurringPaymentId, series))).toBe(0);
    expect(await t.db.$count(reviewRequests, eq(reviewRequests.inquiryId, c.id))).toBe(0);

    // Paid again, then a day later: the undo is refused and the record stays.
    expect((await patch(key, { status: 'done', paid: true })).statusCode).toBe(200);
    now = new Date(Date.now() + 24 * H);
    const late = await patch(key, { status: 'planned' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/stays done/);
    const unpay = await patch(key, { paid: false });
    expect(unpay.statusCode).toBe(400);
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.recurringPaymentId, series))).toBe(1);
    const [exception] = await t.db
      .select()
      .from(visitExceptions)
      .where(eq(visitExceptions.recurringPaymentId, series));
    expect(exception?.status).toBe('done');
  });

  it('one-time, the same business day: planned again clears done and paid', async () => {
    now = new Date();
    const c = await customer();
    const { id } = await post('/api/one_time_cleanings', {
      inquiry_id: c.id,
      date_time: '2026-11-05T09:00',
      amount: 90,
      notify_customer: false,
    });
    expect((await patch(`o${id}`, { status: 'done', paid: true })).statusCode).toBe(200);
    const undone = await patch(`o${id}`, { status: 'planned' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'planned', paid: false });
    const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, id));
    expect(row).toMatchObject({ doneAt: null, paid: false });
    expect(await t.db.$count(reviewRequests, eq(reviewRequests.inquiryId, c.id))).toBe(0);
  });
});
