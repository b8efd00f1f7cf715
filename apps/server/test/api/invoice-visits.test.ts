import type { Invoice } from '@clean/shared';
import { describe, expect, it } from 'vitest';
import { createSchedule, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';

const now = new Date('2027-03-10T20:00:00Z');
const t = useTestApp({ timezone: 'America/New_York' }, { clock: () => now });
const r = records(t);

const patch = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);
const invoicesOf = async (inquiryId: number) =>
  (await t.asAdmin('GET', `/api/invoices?inquiry_id=${inquiryId}`)).json<Invoice[]>();

describe('invoices from visits', () => {
  it('a one-time visit marked done is invoiced at once, once however often it is sent', async () => {
    const tom = await r.inquiry('Tom Reilly', { email: 'tom@example.com', town: 'Plymouth' });
    const id = await r.cleaning(tom, { dateTime: new Date('2027-03-09T14:00:00Z'), amount: 140 });
    for (let i = 0; i < 3; i++)
      expect((await patch(`o${id}`, { status: 'done', confirm_early: true })).statusCode).toBe(200);
    const list = await invoicesOf(tom);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'open',
      issued_on: '2027-03-10',
      bill_to: { name: 'Tom Reilly', email: 'tom@example.com', address: 'Plymouth' },
      lines: [
        { description: 'Cleaning on March 9, 2027', quantity: 1, unit_amount: 140, visit_key: `o${id}` },
      ],
      subtotal: 140,
      // 140 × 6.35 % = 8.89.
      tax: 8.89,
      total: 148.89,
      amount_due: 148.89,
    });
    expect(list[0]?.number).toMatch(/^2027-\d{4}$/);
  });

  it('Done & paid issues the invoice and records the payment in full (cash at first, then the last method)', async () => {
    const ann = await r.inquiry('Ann Lee');
    const first = await r.cleaning(ann, { dateTime: new Date('2027-03-08T14:00:00Z'), amount: 100 });
    expect((await patch(`o${first}`, { status: 'done', paid: true })).statusCode).toBe(200);
    const [paid] = await invoicesOf(ann);
    expect(paid).toMatchObject({ status: 'paid', total: 106.35, paid: 106.35, amount_due: 0 });
    expect(paid?.payments).toEqual([
      {
        id: expect.any(Number),
        amount: 106.35,
        method: 'cash',
        received_on: '2027-03-10',
        tip: 0,
        note: null,
      },
    ]);

    // An invoice done earlier, paid later by Zelle by hand; the next Done & paid uses Zelle.
    const second = await r.cleaning(ann, { dateTime: new Date('2027-03-09T14:00:00Z'), amount: 50 });
    expect((await patch(`o${second}`, { status: 'done', confirm_early: true })).statusCode).toBe(200);
    const open = (await invoicesOf(ann)).find((i) => i.status === 'open');
    const pay = await t.asAdmin('POST', `/api/invoices/${open?.id}/payments`, {
      amount: 20,
      method: 'zelle',
      received_on: '2027-03-10',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((await patch(`o${second}`, { paid: true })).statusCode).toBe(200);
    const settled = (await t.asAdmin('GET', `/api/invoices/${open?.id}`)).json<Invoice>();
    // 50 + 3.18 tax = 53.18: 20 by hand, the remaining 33.18 by Done & paid.
    expect(settled).toMatchObject({ status: 'paid', paid: 53.18, amount_due: 0 });
    expect(settled.payments.map((p) => [p.amount, p.method])).toEqual([
      [20, 'zelle'],
      [33.18, 'zelle'],
    ]);
    expect(await invoicesOf(ann)).toHaveLength(2);
  });

  it('Done & paid records the payment_method sent, and the next without one uses it', async () => {
    const joe = await r.inquiry('Joe Marsh');
    const venmo = await r.cleaning(joe, { dateTime: new Date('2027-03-08T15:00:00Z'), amount: 80 });
    const res = await patch(`o${venmo}`, { status: 'done', paid: true, payment_method: 'venmo' });
    expect(res.statusCode, res.body).toBe(200);
    const plain = await r.cleaning(joe, { dateTime: new Date('2027-03-09T15:00:00Z'), amount: 60 });
    expect((await patch(`o${plain}`, { status: 'done', paid: true })).statusCode).toBe(200);
    const methods = Object.fromEntries(
      (await invoicesOf(joe)).map((i) => [i.lines[0]?.visit_key, i.payments.map((p) => p.method)]),
    );
    expect(methods).toEqual({ [`o${venmo}`]: ['venmo'], [`o${plain}`]: ['venmo'] });

    const maria = await r.inquiry('Maria Check');
    const created = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: maria,
      amount: 90,
      frequency: 'Weekly',
      first_visit_at: '2027-03-03T09:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = `r${created.json<{ id: number }>().id}-20270303T140000Z`;
    const done = await patch(key, { status: 'done', paid: true, payment_method: 'check' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await invoicesOf(maria))[0]?.payments.map((p) => p.method)).toEqual(['check']);
  });

  it('refuses a payment_method it does not know, or without paid: true, and changes nothing', async () => {
    const kim = await r.inquiry('Kim Doe');
    const id = await r.cleaning(kim, { dateTime: new Date('2027-03-08T15:00:00Z'), amount: 80 });
    const stored = async () => ({
      invoices: await invoicesOf(kim),
      visit: (await t.asAdmin('GET', '/api/visits?from=2027-03-08&to=2027-03-08')).json(),
    });
    await expectRefused(
      stored,
      { status: 400, error: /payment_method/ },
      () => patch(`o${id}`, { status: 'done', paid: true, payment_method: 'bitcoin' }),
      () => patch(`o${id}`, { status: 'done', payment_method: 'cash' }),
      () => patch(`o${id}`, { status: 'done', paid: true, payment_method: 7 }),
    );
  });

  it('a recurring visit done is invoiced per visit by default, and not when the owner bills monthly', async () => {
    const maria = await r.inquiry('Maria Gonzalez');
    const schedule = await createSchedule(t, maria);
    expect(
      (await patch(`r${schedule}-20270302T140000Z`, { status: 'done', confirm_early: true })).statusCode,
    ).toBe(200);
    expect((await invoicesOf(maria)).map((i) => i.lines[0]?.visit_key)).toEqual([
      `r${schedule}-20270302T140000Z`,
    ]);

    const billing = (await t.asAdmin('GET', '/api/billing')).json();
    await t.asAdmin('PUT', '/api/billing', { ...billing, recurring_billing: 'monthly' });
    try {
      expect(
        (await patch(`r${schedule}-20270316T130000Z`, { status: 'done', confirm_early: true })).statusCode,
      ).toBe(200);
      expect(await invoicesOf(maria)).toHaveLength(1);
    } finally {
      await t.asAdmin('PUT', '/api/billing', billing);
    }
  });
});
