import type { Invoice } from '@clean/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

let now = new Date('2027-01-05T15:00:00Z');
const t = useTestApp({}, { clock: () => now });
const at = (date: string) => {
  now = new Date(`${date}T15:00:00Z`);
};

let maria = 0;
const ids: Record<string, number> = {};

/** Issues an invoice on `date` (7 days' terms by default). */
async function issueOn(date: string, lines: object[], discount = 0) {
  at(date);
  const d = await t.asAdmin('POST', '/api/invoices', { inquiry_id: maria, lines, discount });
  expect(d.statusCode, d.body).toBe(201);
  const res = await t.asAdmin('POST', `/api/invoices/${d.json<Invoice>().id}/issue`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}
const clean = (amount: number, taxable = true) => ({
  description: 'Clean',
  quantity: 1,
  unit_amount: amount,
  taxable,
});

beforeAll(async () => {
  maria = await records(t).inquiry('Maria Gonzalez');
  // January: 100 taxable (tax 6.35) and 40 non-taxable.
  ids.jan = (await issueOn('2027-01-05', [clean(100), clean(40, false)])).id;
  // February: 200 taxable less 20 discount = 180 (tax 11.43), then paid 50 with a 10 tip on 1 March.
  ids.feb = (await issueOn('2027-02-10', [clean(200)], 20)).id;
  // March: one voided (counts nowhere), and one at 33.33 (tax 2.12).
  const voided = await issueOn('2027-03-01', [clean(999)]);
  expect(
    (await t.asAdmin('POST', `/api/invoices/${voided.id}/void`, { reason: 'Wrong customer' })).statusCode,
  ).toBe(200);
  ids.mar = (await issueOn('2027-03-01', [clean(33.33)])).id;
  const pay = await t.asAdmin('POST', `/api/invoices/${ids.feb}/payments`, {
    amount: 50,
    tip: 10,
    method: 'venmo',
    received_on: '2027-03-01',
  });
  expect(pay.statusCode, pay.body).toBe(201);
  // A draft counts nowhere either.
  await t.asAdmin('POST', '/api/invoices', { inquiry_id: maria, lines: [clean(5000)] });
});

describe('GET /api/reports/sales-tax', () => {
  it('sums by month of issue, void and drafts left out, with totals', async () => {
    const res = await t.asAdmin('GET', '/api/reports/sales-tax?from=2027-01-01&to=2027-03-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      months: [
        { month: '2027-01', gross_sales: 140, taxable_sales: 100, non_taxable_sales: 40, tax: 6.35 },
        { month: '2027-02', gross_sales: 180, taxable_sales: 180, non_taxable_sales: 0, tax: 11.43 },
        { month: '2027-03', gross_sales: 33.33, taxable_sales: 33.33, non_taxable_sales: 0, tax: 2.12 },
      ],
      totals: { gross_sales: 353.33, taxable_sales: 313.33, non_taxable_sales: 40, tax: 19.9 },
    });
  });

  it('answers a CSV file with ?format=csv or Accept: text/csv', async () => {
    const expected = [
      'Month,Gross sales,Taxable sales,Non-taxable sales,Sales tax',
      '2027-02,180.00,180.00,0.00,11.43',
      'Total,180.00,180.00,0.00,11.43',
      '',
    ].join('\r\n');
    const byQuery = await t.asAdmin('GET', '/api/reports/sales-tax?from=2027-02-01&to=2027-02-28&format=csv');
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toMatch(/^text\/csv/);
    expect(byQuery.body).toBe(expected);
    const byAccept = await t.asAdmin(
      'GET',
      '/api/reports/sales-tax?from=2027-02-01&to=2027-02-28',
      undefined,
      {
        headers: { accept: 'text/csv' },
      },
    );
    expect(byAccept.body).toBe(expected);
  });

  it('answers zeros for a quarter with nothing issued', async () => {
    const res = await t.asAdmin('GET', '/api/reports/sales-tax?from=2026-01-01&to=2026-03-31');
    expect(res.json()).toEqual({
      months: [],
      totals: { gross_sales: 0, taxable_sales: 0, non_taxable_sales: 0, tax: 0 },
    });
  });

  it.each([
    ['no dates', ''],
    ['from after to', '?from=2027-03-01&to=2027-01-01'],
    ['a date that does not exist', '?from=2027-02-29&to=2027-03-01'],
    ['an unknown format', '?from=2027-01-01&to=2027-03-01&format=xlsx'],
  ])('refuses %s with a 400', async (_name, query) => {
    const res = await t.asAdmin('GET', `/api/reports/sales-tax${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });
});

describe('GET /api/summary/receivables', () => {
  it('ages what is owed by days past due; the buckets add up to overdue; tips of this month apart', async () => {
    // On 20 March: January's invoice (146.35, due 12 Jan) is 67 days late; February's (191.43 − 50 = 141.43, due
    // 17 Feb) 31 days; March's (35.45, due 8 Mar) 12 days.
    at('2027-03-20');
    const res = await t.asAdmin('GET', '/api/summary/receivables');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outstanding: 323.23,
      overdue: 323.23,
      tips_this_month: 10,
      aging: { '0_30': 35.45, '31_60': 141.43, '61_90': 146.35, over_90: 0 },
    });
    // On 3 March only January's and February's are late; March's is not yet due, and the tip is this month's.
    at('2027-03-03');
    expect((await t.asAdmin('GET', '/api/summary/receivables')).json()).toEqual({
      outstanding: 323.23,
      overdue: 287.78,
      tips_this_month: 10,
      aging: { '0_30': 141.43, '31_60': 146.35, '61_90': 0, over_90: 0 },
    });
    at('2027-04-02');
    expect((await t.asAdmin('GET', '/api/summary/receivables')).json().tips_this_month).toBe(0);
  });

  it('refuses anyone but the owner', async () => {
    expect((await t.anonymous('GET', '/api/summary/receivables')).statusCode).toBe(401);
    expect(
      (await t.anonymous('GET', '/api/reports/sales-tax?from=2027-01-01&to=2027-01-31')).statusCode,
    ).toBe(401);
  });
});

describe('the CSV exports of invoices and payments', () => {
  it('lists every issued invoice (void with its reason) and every payment, newest first, to the cent', async () => {
    const res = await t.asAdmin('GET', '/api/export/invoices.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Number,Status,Issued,Due,Customer,Email,Subtotal,Discount,Taxable sales,Non-taxable sales,Tax,Total,Paid,Tips,Void reason',
    );
    // Four issued (the draft left out): March's, the void one, February's, January's.
    expect(lines).toHaveLength(5);
    expect(lines).toContain(
      '2027-0002,partially_paid,2027-02-10,2027-02-17,Maria Gonzalez,,200.00,20.00,180.00,0.00,11.43,191.43,50.00,10.00,',
    );
    expect(lines).toContain(
      '2027-0003,void,2027-03-01,2027-03-08,Maria Gonzalez,,999.00,0.00,999.00,0.00,63.44,1062.44,0.00,0.00,Wrong customer',
    );

    const payments = await t.asAdmin('GET', '/api/export/invoice_payments.csv');
    expect(payments.body.trim().split('\r\n')).toEqual([
      'Invoice,Received,Method,Amount,Tip,Customer,Note',
      '2027-0002,2027-03-01,venmo,50.00,10.00,Maria Gonzalez,',
    ]);
    expect((await t.anonymous('GET', '/api/export/invoices.csv')).statusCode).toBe(401);
  });
});

// Last in the file: it adds an invoice the lists above do not expect.
describe('GET /api/reports/sales-tax with prices that include the tax', () => {
  it('takes the tax inside the taxable part out of gross and taxable sales', async () => {
    const billing = (await t.asAdmin('GET', '/api/billing')).json<object>();
    const include = await t.asAdmin('PUT', '/api/billing', { ...billing, prices_include_tax: true });
    expect(include.statusCode, include.body).toBe(200);
    // 106.35 taxable, including 6.35 of tax at 6.35 %; 10 not taxable.
    const invoice = await issueOn('2027-04-05', [clean(106.35), clean(10, false)]);
    expect([invoice.tax, invoice.total]).toEqual([6.35, 116.35]);
    const res = await t.asAdmin('GET', '/api/reports/sales-tax?from=2027-04-01&to=2027-04-30');
    expect(res.json()).toEqual({
      months: [{ month: '2027-04', gross_sales: 110, taxable_sales: 100, non_taxable_sales: 10, tax: 6.35 }],
      totals: { gross_sales: 110, taxable_sales: 100, non_taxable_sales: 10, tax: 6.35 },
    });
  });
});
