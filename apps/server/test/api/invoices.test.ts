import type { Invoice } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inquiries, invoiceCounters, invoices } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused, NOT_ADMIN } from '../support/refusals';

// The business clock, moved by the tests: 10 March 2027, 10:00 in Connecticut.
let now = new Date('2027-03-10T15:00:00Z');
const t = useTestApp({}, { clock: () => now });
const r = records(t);

let maria = 0;
beforeAll(async () => {
  maria = await r.inquiry('Maria Gonzalez', { email: 'maria@example.com', town: 'Bristol' });
});

const lines = [
  { description: 'Deep clean', quantity: 1, unit_amount: 150, taxable: true },
  { description: 'Supplies passed through', quantity: 2, unit_amount: 12.5, taxable: false },
];

async function draft(body: object = {}) {
  const res = await t.asAdmin('POST', '/api/invoices', { inquiry_id: maria, lines, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

async function issued(body: object = {}) {
  const d = await draft(body);
  const res = await t.asAdmin('POST', `/api/invoices/${d.id}/issue`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}

const row = (id: number) => async () => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('drafts', () => {
  it('prices a draft with the shared module: discount spread in proportion, tax on the taxable part', async () => {
    const d = await draft({ discount: 17.5, notes: 'Gate code 1234' });
    // 150 + 25 = 175; the discount 17.50 falls 15.00 on the taxable 150 and 2.50 on the rest; 135 × 6.35 % = 8.5725.
    expect(d).toMatchObject({
      number: null,
      status: 'draft',
      overdue: false,
      inquiry_id: maria,
      bill_to: { name: 'Maria Gonzalez', email: 'maria@example.com', address: 'Bristol' },
      issued_on: null,
      subtotal: 175,
      discount: 17.5,
      tax_rate_percent: 6.35,
      tax_label: 'CT sales tax',
      tax: 8.57,
      total: 166.07,
      paid: 0,
      amount_due: 0,
      tips: 0,
      notes: 'Gate code 1234',
      payments: [],
    });
    expect(d.lines.map((l) => l.amount)).toEqual([150, 25]);
  });

  it('changes and deletes a draft', async () => {
    const d = await draft();
    const patched = await t.asAdmin('PATCH', `/api/invoices/${d.id}`, {
      lines: [{ description: 'Window wash', quantity: 1.5, unit_amount: 33.33 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // 1.5 × 33.33 = 49.995 → 50.00 (half up); taxable by default; 50 × 6.35 % = 3.175 → 3.18.
    expect(patched.json()).toMatchObject({ subtotal: 50, tax: 3.18, total: 53.18 });
    expect((await t.asAdmin('DELETE', `/api/invoices/${d.id}`)).statusCode).toBe(204);
    expect((await t.asAdmin('GET', `/api/invoices/${d.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['no lines', { lines: [] }, /lines/],
    ['a negative unit amount', { lines: [{ ...lines[0], unit_amount: -1 }] }, /unit_amount/],
    ['a zero quantity', { lines: [{ ...lines[0], quantity: 0 }] }, /quantity/],
    ['an inquiry that does not exist', { inquiry_id: 999_999 }, /inquiry_id/],
    ['a discount larger than the lines', { discount: 500 }, /discount/],
    [
      'lines adding up to more than money holds',
      { lines: [{ description: 'Huge', quantity: 10_000, unit_amount: 9_999_999.99 }] },
      /at most \$9,999,999\.99/,
    ],
    [
      'a total past the limit once taxed',
      { lines: [{ description: 'Big', quantity: 1, unit_amount: 9_999_999.99 }] },
      /at most/,
    ],
    ['a field it does not know', { surcharge: 1 }, /surcharge|Unrecognized/i],
  ])('refuses %s with a 400, creating nothing', async (_name, change, error) => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(invoices))[0]?.n;
    await expectRefused(count, { status: 400, error }, () =>
      t.asAdmin('POST', '/api/invoices', { inquiry_id: maria, lines, ...change }),
    );
  });

  it.each(NOT_ADMIN)('refuses %s', async (_name, token) => {
    expect((await t.injectAs(token(t))('GET', '/api/invoices')).statusCode).toBe(401);
    expect(
      (await t.injectAs(token(t))('POST', '/api/invoices', { inquiry_id: maria, lines })).statusCode,
    ).toBe(401);
  });
});

describe('issuing', () => {
  it('numbers YYYY-NNNN, copies the bill-to, sets the due date after the terms; then it cannot change', async () => {
    const inv = await issued();
    expect(inv.number).toMatch(/^2027-\d{4}$/);
    expect(inv).toMatchObject({
      status: 'open',
      issued_on: '2027-03-10',
      due_on: '2027-03-17',
      amount_due: inv.total,
    });
    // A later edit of the inquiry never rewrites an issued invoice.
    await t.db.update(inquiries).set({ name: 'Maria G. Lopez' }).where(eq(inquiries.id, maria));
    const again = (await t.asAdmin('GET', `/api/invoices/${inv.id}`)).json<Invoice>();
    expect(again.bill_to.name).toBe('Maria Gonzalez');
    await t.db.update(inquiries).set({ name: 'Maria Gonzalez' }).where(eq(inquiries.id, maria));

    const frozen = /issued and can no longer change/;
    await expectRefused(
      row(inv.id),
      { status: 409, error: frozen },
      () => t.asAdmin('PATCH', `/api/invoices/${inv.id}`, { discount: 1 }),
      () => t.asAdmin('DELETE', `/api/invoices/${inv.id}`),
      () => t.asAdmin('POST', `/api/invoices/${inv.id}/issue`),
    );
  });

  it('numbers consecutively and starts again at 0001 in a new year (business zone)', async () => {
    const a = await issued();
    const b = await issued();
    expect(Number(b.number?.slice(5))).toBe(Number(a.number?.slice(5)) + 1);
    // 1 January 2028, 00:30 in Connecticut (05:30 UTC): already 2028 there.
    now = new Date('2028-01-01T05:30:00Z');
    try {
      const c = await issued();
      expect(c.number).toBe('2028-0001');
    } finally {
      now = new Date('2027-03-10T15:00:00Z');
    }
  });

  it('gives 20 invoices issued at once 20 consecutive numbers, no gap', async () => {
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft()));
    const [before] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, 2027));
    const answers = await Promise.all(drafts.map((d) => t.asAdmin('POST', `/api/invoices/${d.id}/issue`)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = answers.map((a) => Number(a.json<Invoice>().number?.slice(5))).sort((x, y) => x - y);
    const first = (before?.last ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });

  it('voids: the number stays, nothing is owed, and it takes no payment', async () => {
    const inv = await issued();
    const bad = await t.asAdmin('POST', `/api/invoices/${inv.id}/void`, { reason: '' });
    expect(bad.statusCode).toBe(400);
    const res = await t.asAdmin('POST', `/api/invoices/${inv.id}/void`, { reason: 'Billed twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      number: inv.number,
      status: 'void',
      amount_due: 0,
      void_reason: 'Billed twice',
    });
    await expectRefused(
      row(inv.id),
      { status: 409, error: /void/ },
      () => t.asAdmin('POST', `/api/invoices/${inv.id}/void`, { reason: 'again' }),
      () =>
        t.asAdmin('POST', `/api/invoices/${inv.id}/payments`, {
          amount: 1,
          method: 'cash',
          received_on: '2027-03-11',
        }),
    );
  });
});

describe('payments', () => {
  it('records part, then the rest with a tip kept apart; more than the balance is a 409', async () => {
    const inv = await issued();
    const pay = (body: object) => t.asAdmin('POST', `/api/invoices/${inv.id}/payments`, body);
    const part = await pay({ amount: 100, method: 'zelle', received_on: '2027-03-11' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      status: 'partially_paid',
      paid: 100,
      amount_due: Number((inv.total - 100).toFixed(2)),
    });

    const over = await pay({ amount: inv.total, method: 'cash', received_on: '2027-03-12' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatch(/more than the \$\d+\.\d\d still due.*tip/);

    const rest = await pay({
      amount: Number((inv.total - 100).toFixed(2)),
      tip: 20,
      method: 'cash',
      received_on: '2027-03-12',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const paid = rest.json<Invoice>();
    expect(paid).toMatchObject({
      status: 'paid',
      paid: inv.total,
      amount_due: 0,
      tips: 20,
      total: inv.total,
    });

    const undo = await t.asAdmin('DELETE', `/api/invoices/${inv.id}/payments/${paid.payments[1]?.id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ status: 'partially_paid', paid: 100, tips: 0 });
    expect((await t.asAdmin('DELETE', `/api/invoices/${inv.id}/payments/999999`)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown method', { method: 'bitcoin' }, /method/],
    ['a date that does not exist', { received_on: '2027-02-30' }, /received_on/],
    ['a negative amount', { amount: -5 }, /amount/],
    ['3 decimals', { amount: 1.005 }, /amount/],
  ])('refuses a payment with %s, changing nothing', async (_name, change, error) => {
    const inv = await issued();
    await expectRefused(row(inv.id), { status: 400, error }, () =>
      t.asAdmin('POST', `/api/invoices/${inv.id}/payments`, {
        amount: 10,
        method: 'cash',
        received_on: '2027-03-11',
        ...change,
      }),
    );
  });
});

describe('GET /api/invoices', () => {
  it('filters by status, overdue and dates, and pages with X-Total-Count', async () => {
    const late = await issued();
    now = new Date('2027-03-25T15:00:00Z');
    try {
      const overdue = (await t.asAdmin('GET', '/api/invoices?overdue=true')).json<Invoice[]>();
      expect(overdue.map((i) => i.id)).toContain(late.id);
      expect(overdue.every((i) => i.overdue && ['open', 'partially_paid'].includes(i.status))).toBe(true);
      const drafts = (await t.asAdmin('GET', '/api/invoices?status=draft')).json<Invoice[]>();
      expect(drafts.every((i) => i.status === 'draft')).toBe(true);
      const page = await t.asAdmin(
        'GET',
        `/api/invoices?inquiry_id=${maria}&from=2027-03-10&to=2027-03-10&limit=2&page=1`,
      );
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(2);
      expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
      const none = (await t.asAdmin('GET', '/api/invoices?from=2030-01-01')).json();
      expect(none).toEqual([]);
    } finally {
      now = new Date('2027-03-10T15:00:00Z');
    }
  });

  it.each([['status=late'], ['overdue=maybe'], ['from=2027-13-01'], ['inquiry_id=abc'], ['limit=1000']])(
    'refuses ?%s with a 400',
    async (query) => {
      const res = await t.asAdmin('GET', `/api/invoices?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    },
  );
});

describe('records kept', () => {
  it('refuses to delete an inquiry that has invoices, even with its dependants, deleting nothing', async () => {
    await issued();
    const stored = async () =>
      (await t.db.select().from(invoices).where(eq(invoices.inquiryId, maria))).length;
    await expectRefused(
      stored,
      { status: 409, error: /has invoices \(.*2027-\d{4}.*\), which are kept/ },
      () => t.asAdmin('DELETE', `/api/inquiries/${maria}`),
      () => t.asAdmin('DELETE', `/api/inquiries/${maria}?with_dependants=true`),
    );
    expect(await t.db.select().from(inquiries).where(eq(inquiries.id, maria))).toHaveLength(1);
  });

  it('the cleanup of old records leaves out an inquiry that has invoices', async () => {
    const longAgo = new Date('2012-01-01T12:00:00Z');
    const billed = await r.inquiry('Billed Long Ago', { submittedAt: longAgo });
    const bare = await r.inquiry('Never Billed', { submittedAt: longAgo });
    expect((await t.asAdmin('POST', '/api/invoices', { inquiry_id: billed, lines })).statusCode).toBe(201);
    const old = (await t.asAdmin('GET', '/api/old_records')).json<Array<{ id: number; type: string }>>();
    const inquiryIds = old.filter((o) => o.type === 'inquiry').map((o) => o.id);
    expect(inquiryIds).toContain(bare);
    expect(inquiryIds).not.toContain(billed);
  });
});
