import { INQUIRY_STATUSES, TOTAL_COUNT_HEADER } from '@clean/shared';
import { inquiryRecord } from '@clean/shared/test-support';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  inquiries,
  oneTimeCleanings,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
} from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp();

const names = (body: Array<{ name: string }>) => body.map((i) => i.name);

const DAY = 24 * 60 * 60 * 1000;
const base = Date.parse('2026-06-01T12:00:00Z');

/** Eight inquiries, submitted one day apart (index 0 oldest). */
const PEOPLE = [
  { name: 'Maria Gonzalez', phoneNumber: '8605550101', status: 'Booked' },
  { name: 'Tom Reilly', phoneNumber: '8605550102', status: 'Contacted' },
  { name: 'Priya Shah', phoneNumber: '2035550103', status: 'Completed' },
  { name: 'Dan Kowalski', phoneNumber: '8605550104', status: 'Booked' },
  { name: 'Linda Park', phoneNumber: null, status: 'New Inquiry' },
  { name: 'MARIA Lopez', phoneNumber: '8605550199', status: 'Paused' },
  { name: '100% Clean Co', phoneNumber: '4135550107', status: 'New Inquiry' },
  { name: 'Bob_Smith', phoneNumber: '8605550108', status: 'Booked' },
] as const;

const { clearAll, cleaning, schedule, paidRecord } = records(t);

async function reset() {
  await clearAll();
  return t.db
    .insert(inquiries)
    .values(
      PEOPLE.map((p, i) => ({
        ...p,
        email: `${i}@example.com`,
        callOrText: 'call' as const,
        town: 'Bristol',
        description: `Request ${i}`,
        submittedAt: new Date(base + i * DAY),
      })),
    )
    .returning();
}

describe('GET /api/inquiries', () => {
  beforeEach(reset);

  it('lists every inquiry, newest submitted first, with the original field names', async () => {
    const res = await t.asAdmin('GET', '/api/inquiries');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(PEOPLE.map((p) => p.name).reverse());
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('8');
    expect(body[0]).toEqual(
      inquiryRecord({
        id: expect.any(Number),
        name: 'Bob_Smith',
        email: '7@example.com',
        phone_number: '8605550108',
        description: 'Request 7',
        status: 'Booked',
        submitted_at: new Date(base + 7 * DAY).toISOString(),
        access_notes: null,
      }),
    );
  });

  it('searches by name: contains, case-insensitive, the text taken literally', async () => {
    expect(names((await t.asAdmin('GET', '/api/inquiries?name=maria')).json())).toEqual([
      'MARIA Lopez',
      'Maria Gonzalez',
    ]);
    expect(names((await t.asAdmin('GET', '/api/inquiries?name=REILL')).json())).toEqual(['Tom Reilly']);
    // % and _ are not wildcards.
    expect(names((await t.asAdmin('GET', '/api/inquiries?name=100%25')).json())).toEqual(['100% Clean Co']);
    expect(names((await t.asAdmin('GET', '/api/inquiries?name=b_s')).json())).toEqual(['Bob_Smith']);
    expect((await t.asAdmin('GET', '/api/inquiries?name=zzz')).json()).toEqual([]);
  });

  it('searches by phone number, ignoring the formatting typed in the search', async () => {
    const formatted = await t.asAdmin(
      'GET',
      `/api/inquiries?phone_number=${encodeURIComponent('(860) 555-01')}`,
    );
    expect(names(formatted.json())).toEqual([
      'Bob_Smith',
      'MARIA Lopez',
      'Dan Kowalski',
      'Tom Reilly',
      'Maria Gonzalez',
    ]);
    expect(names((await t.asAdmin('GET', '/api/inquiries?phone_number=203-555')).json())).toEqual([
      'Priya Shah',
    ]);
    expect(names((await t.asAdmin('GET', '/api/inquiries?phone_number=0199')).json())).toEqual([
      'MARIA Lopez',
    ]);
    // Letters can never be in a phone number; formatting alone filters nothing yet.
    expect((await t.asAdmin('GET', '/api/inquiries?phone_number=abc')).json()).toEqual([]);
    expect(
      (await t.asAdmin('GET', `/api/inquiries?phone_number=${encodeURIComponent('(')}`)).json(),
    ).toHaveLength(8);
  });

  it('filters by exact status, and refuses a status that is not one of the five', async () => {
    expect(names((await t.asAdmin('GET', '/api/inquiries?status=Booked')).json())).toEqual([
      'Bob_Smith',
      'Dan Kowalski',
      'Maria Gonzalez',
    ]);
    expect(names((await t.asAdmin('GET', '/api/inquiries?status=New%20Inquiry')).json())).toEqual([
      '100% Clean Co',
      'Linda Park',
    ]);
    expect((await t.asAdmin('GET', '/api/inquiries?status=')).json()).toHaveLength(8);
    for (const bad of ['Book', 'booked', 'Cancelled']) {
      const res = await t.asAdmin('GET', `/api/inquiries?status=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/status/i);
    }
  });

  it('combines filters', async () => {
    const res = await t.asAdmin('GET', '/api/inquiries?name=maria&status=Paused&phone_number=860');
    expect(names(res.json())).toEqual(['MARIA Lopez']);
  });

  it('pages in the database with X-Total-Count', async () => {
    const first = await t.asAdmin('GET', '/api/inquiries?page=1&limit=6');
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('8');
    expect(first.json()).toHaveLength(6);
    const second = await t.asAdmin('GET', '/api/inquiries?page=2&limit=6');
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('8');
    expect(names(second.json())).toEqual(['Tom Reilly', 'Maria Gonzalez']);
    const filtered = await t.asAdmin('GET', '/api/inquiries?status=Booked&page=2&limit=2');
    expect(filtered.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(names(filtered.json())).toEqual(['Maria Gonzalez']);
    const beyond = await t.asAdmin('GET', '/api/inquiries?page=9&limit=6');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers[TOTAL_COUNT_HEADER]).toBe('8');
  });

  it('refuses bad paging values', async () => {
    for (const qs of ['page=0', 'page=abc', 'limit=1000', 'limit=-1']) {
      const res = await t.asAdmin('GET', `/api/inquiries?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toMatch(/page|limit/);
    }
  });
});

describe('PATCH /api/inquiries/{id}', () => {
  let ids: number[];
  beforeEach(async () => {
    ids = (await reset()).map((r) => r.id);
  });
  const row = async (id: number) => (await t.db.select().from(inquiries).where(eq(inquiries.id, id)))[0];

  it('changes the status alone (the dropdown), leaving every other field as it was', async () => {
    const id = ids[1] as number;
    const before = await row(id);
    for (const status of INQUIRY_STATUSES) {
      const res = await t.asAdmin('PATCH', `/api/inquiries/${id}`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    // A change of status is a change of the record: its version (If-Match) moved on.
    const after = await row(id);
    expect(after).toEqual({ ...before, status: 'Completed', version: expect.any(Number) });
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
  });

  it('edits name, email, phone (digits kept from a formatted value), call_or_text and description', async () => {
    const id = ids[0] as number;
    const res = await t.asAdmin('PATCH', `/api/inquiries/${id}`, {
      name: '  Maria G. Gonzalez ',
      email: 'maria.g@example.com',
      phone_number: '(860) 555-0199',
      call_or_text: 'text',
      description: 'Weekly now.',
      status: 'Contacted',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Maria G. Gonzalez',
      email: 'maria.g@example.com',
      phone_number: '8605550199',
      call_or_text: 'text',
      description: 'Weekly now.',
      status: 'Contacted',
    });
    // Clearing optional fields stores "none".
    const cleared = await t.asAdmin('PATCH', `/api/inquiries/${id}`, {
      phone_number: '',
      email: '',
      description: '',
    });
    expect(cleared.json()).toMatchObject({
      phone_number: null,
      email: null,
      description: null,
      name: 'Maria G. Gonzalez',
    });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const id = ids[2] as number;
    const before = await row(id);
    const cases: Array<[unknown, RegExp]> = [
      [{ status: 'Cancelled' }, /status/i],
      [{ phone_number: '860555010199' }, /phone/i],
      [{ phone_number: '+1 416 555 0199' }, /Phone number must be a US/],
      [{ email: 'not-an-email' }, /email/i],
      [{ name: '   ' }, /name/i],
      [{ call_or_text: 'fax' }, /call_or_text/],
      [{}, /at least one field/],
      [{ name: 'x'.repeat(101) }, /name/i],
    ];
    for (const [payload, message] of cases) {
      const res = await t.asAdmin('PATCH', `/api/inquiries/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await row(id)).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    expect((await t.asAdmin('PATCH', '/api/inquiries/999999', { status: 'Booked' })).statusCode).toBe(404);
    const bad = await t.asAdmin('PATCH', '/api/inquiries/abc', { status: 'Booked' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/id/);
  });
});

describe('DELETE /api/inquiries/{id}', () => {
  let ids: number[];
  beforeEach(async () => {
    ids = (await reset()).map((r) => r.id);
  });

  it('deletes an inquiry nothing refers to', async () => {
    const id = ids[4] as number;
    const res = await t.asAdmin('DELETE', `/api/inquiries/${id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.$count(inquiries, eq(inquiries.id, id))).toBe(0);
    expect((await t.asAdmin('DELETE', `/api/inquiries/${id}`)).statusCode).toBe(404);
  });

  it('refuses while cleanings or schedules refer to it, then deletes everything in one go when confirmed', async () => {
    const id = ids[0] as number;
    const other = ids[1] as number;
    await cleaning(id, { dateTime: new Date(), amount: 100 });
    await cleaning(id, { dateTime: null, amount: 50, paid: true });
    await cleaning(other, { dateTime: new Date(), amount: 70 });
    const weekly = await schedule(id, { amount: 140, frequency: 'Weekly' });
    const monthly = await schedule(other, { amount: 90, frequency: 'Monthly' });
    const paid = await paidRecord(weekly, [new Date()], { amountPaid: 140 });
    await paidRecord(monthly, [new Date()], { amountPaid: 90 });

    const refused = await t.asAdmin('DELETE', `/api/inquiries/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error:
        'This inquiry has 2 one-time cleaning(s) and 1 recurring schedule(s). Delete them first, or confirm deleting everything.',
    });
    expect(await t.db.$count(inquiries, eq(inquiries.id, id))).toBe(1);
    expect(await t.db.$count(oneTimeCleanings, eq(oneTimeCleanings.inquiryId, id))).toBe(2);
    expect((await t.asAdmin('DELETE', `/api/inquiries/${id}?with_dependants=false`)).statusCode).toBe(409);
    expect((await t.asAdmin('DELETE', `/api/inquiries/${id}?with_dependants=yes`)).statusCode).toBe(400);

    const done = await t.asAdmin('DELETE', `/api/inquiries/${id}?with_dependants=true`);
    expect(done.statusCode).toBe(204);
    expect(await t.db.$count(inquiries, eq(inquiries.id, id))).toBe(0);
    expect(await t.db.$count(oneTimeCleanings, eq(oneTimeCleanings.inquiryId, id))).toBe(0);
    expect(await t.db.$count(recurringPayments, eq(recurringPayments.inquiryId, id))).toBe(0);
    expect(await t.db.$count(recurringPaid, eq(recurringPaid.id, paid))).toBe(0);
    expect(await t.db.$count(recurringPaidDates, eq(recurringPaidDates.recurringPaidId, paid))).toBe(0);
    // The other customer's records are untouched.
    expect(await t.db.$count(oneTimeCleanings)).toBe(1);
    expect(await t.db.$count(recurringPayments)).toBe(1);
    expect(await t.db.$count(recurringPaid)).toBe(1);
    expect(await t.db.$count(recurringPaidDates)).toBe(1);
  });

  it('with_dependants=true on an inquiry without dependants simply deletes it; 404 for unknown ids', async () => {
    expect((await t.asAdmin('DELETE', `/api/inquiries/${ids[3]}?with_dependants=true`)).statusCode).toBe(204);
    expect((await t.asAdmin('DELETE', '/api/inquiries/999999?with_dependants=true')).statusCode).toBe(404);
    expect((await t.asAdmin('DELETE', '/api/inquiries/0')).statusCode).toBe(400);
    expect(await t.db.$count(inquiries)).toBe(7);
  });
});
