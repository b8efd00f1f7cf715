import { COUNT_CAP, TOTAL_COUNT_HEADER, TOTAL_MORE_HEADER } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oneTimeCleanings } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

// The default business zone, America/New_York, stated so the expectations below read plainly.
const t = useTestApp({ timezone: 'America/New_York' });
let maria: number;
let tom: number;
beforeAll(async () => {
  ({ maria, tom } = await records(t).customers());
});

const create = (payload: Record<string, unknown>) =>
  t.asAdmin('POST', '/api/one_time_cleanings', {
    inquiry_id: maria,
    date_time: '2026-07-04T10:00',
    amount: 100,
    ...payload,
  });

describe('POST /api/one_time_cleanings', () => {
  beforeEach(async () => {
    await t.db.delete(oneTimeCleanings);
  });

  it('creates a cleaning and answers it with the inquiry name (201)', async () => {
    const res = await create({ amount: 140.5, notes: '  Side door.  ', paid: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      inquiry_id: maria,
      inquiry_name: 'Maria Gonzalez',
      date_time: '2026-07-04T14:00:00.000Z',
      amount: 140.5,
      paid: true,
      notes: 'Side door.',
      duration_minutes: null,
      version: '0',
      // Nothing else is booked: no overlap; a Saturday (July 4th 2026) is outside the default hours.
      conflicts: [expect.objectContaining({ kind: 'outside_hours' })],
    });
    const defaults = await create({ amount: '0' });
    expect(defaults.json()).toMatchObject({ paid: false, notes: null, amount: 0 });
  });

  it('reads a date-time without offset as wall time in the business zone; keeps an ISO with offset', async () => {
    const cases: Array<[string, string]> = [
      ['2026-07-04T10:00', '2026-07-04T14:00:00.000Z'], // EDT, UTC-4
      ['2026-12-24T18:30', '2026-12-24T23:30:00.000Z'], // EST, UTC-5
      ['2026-03-08T03:30:15', '2026-03-08T07:30:15.000Z'], // the first hour of daylight time
      ['2026-07-04T10:00:00+02:00', '2026-07-04T08:00:00.000Z'],
      ['2026-07-04T10:00:00Z', '2026-07-04T10:00:00.000Z'],
      ['2026-07-04T10:00:00.250-07:00', '2026-07-04T17:00:00.250Z'],
    ];
    for (const [input, stored] of cases) {
      const res = await create({ date_time: input });
      expect(res.statusCode, input).toBe(201);
      expect(res.json().date_time, input).toBe(stored);
      const [row] = await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, res.json().id));
      expect(row?.dateTime?.toISOString()).toBe(stored);
    }
  });

  it('refuses bad input, naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ amount: -1 }, /amount.*negative/i],
      [{ amount: 1.005 }, /amount.*2 decimals/i],
      [{ amount: 'abc' }, /amount.*number/i],
      [{ amount: '' }, /amount/i],
      [{ amount: 10_000_000 }, /amount.*too large/i],
      [{ date_time: '2026-02-30T10:00' }, /date/i],
      [{ date_time: '2026-07-04' }, /date/i],
      [{ date_time: 'tomorrow' }, /date/i],
      [{ date_time: '2026-07-04T24:00' }, /date/i],
      [{ inquiry_id: 999999 }, /^inquiry_id: no such inquiry$/],
      [{ inquiry_id: 'abc' }, /inquiry_id/],
      [{ inquiry_id: -3 }, /inquiry_id/],
      [{ paid: 'yes' }, /paid/],
      [{ notes: 'x'.repeat(2001) }, /notes/i],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    const missing = await t.asAdmin('POST', '/api/one_time_cleanings', { inquiry_id: maria, amount: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/date_time|date/i);
    expect(await t.db.$count(oneTimeCleanings)).toBe(0);
  });

  it('answers the created cleaning even when it is deleted before anything could read it back', async () => {
    // A trigger stands in for a concurrent DELETE landing between the insert and any later read.
    await t.db.execute(sql`
      create function vanish() returns trigger language plpgsql as $$
      begin delete from one_time_cleanings where id = new.id; return null; end $$`);
    await t.db.execute(sql`
      create trigger vanish after insert on one_time_cleanings for each row execute function vanish()`);
    try {
      const res = await create({ amount: 75, notes: 'Gone soon' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        inquiry_id: maria,
        inquiry_name: 'Maria Gonzalez',
        amount: 75,
        notes: 'Gone soon',
        paid: false,
      });
      expect(res.json().id).toEqual(expect.any(Number));
      expect(await t.db.select().from(oneTimeCleanings)).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger vanish on one_time_cleanings`);
      await t.db.execute(sql`drop function vanish()`);
    }
  });

  it('keeps money exact to the cent', async () => {
    for (const amount of [0.1, 0.2, 19.99, '1234567.89', 0.07]) {
      const res = await create({ amount });
      expect(res.json().amount).toBe(Number(amount));
    }
    const [row] = await t.db
      .select({ amount: oneTimeCleanings.amount })
      .from(oneTimeCleanings)
      .where(eq(oneTimeCleanings.amount, 0.07));
    expect(row?.amount).toBe(0.07);
  });
});

describe('GET /api/one_time_cleanings', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.db.delete(oneTimeCleanings);
    const rows = await t.db
      .insert(oneTimeCleanings)
      .values([
        {
          inquiryId: maria,
          dateTime: new Date('2026-05-01T14:00:00Z'),
          amount: 100,
          paid: true,
          notes: 'Key under mat',
        },
        {
          inquiryId: tom,
          dateTime: new Date('2026-06-01T14:00:00Z'),
          amount: 80,
          paid: false,
          notes: 'Dog is friendly; unpaid balance',
        },
        { inquiryId: maria, dateTime: null, amount: 60, paid: false, notes: null },
        { inquiryId: tom, dateTime: new Date('2026-07-01T14:00:00Z'), amount: 120, paid: true, notes: null },
        {
          inquiryId: maria,
          dateTime: new Date('2026-04-01T14:00:00Z'),
          amount: 90,
          paid: false,
          notes: 'MARIA asked for eco soap',
        },
        { inquiryId: tom, dateTime: new Date('2026-03-01T14:00:00Z'), amount: 75, paid: false, notes: null },
      ])
      .returning();
    const [may, june, undated, july, april, march] = rows.map((r) => r.id);
    ids = { may, june, undated, july, april, march } as Record<string, number>;
  });
  const order = (body: Array<{ id: number }>) =>
    body.map((c) => Object.entries(ids).find(([, id]) => id === c.id)?.[0]);

  it('lists newest date first, undated last, each with its inquiry name', async () => {
    const res = await t.asAdmin('GET', '/api/one_time_cleanings');
    expect(res.statusCode).toBe(200);
    expect(order(res.json())).toEqual(['july', 'june', 'may', 'april', 'march', 'undated']);
    expect(res.json()[0]).toEqual({
      id: ids.july,
      inquiry_id: tom,
      inquiry_name: 'Tom Reilly',
      date_time: '2026-07-01T14:00:00.000Z',
      amount: 120,
      paid: true,
      notes: null,
      duration_minutes: null,
      version: '0',
    });
  });

  it('searches the inquiry name or the notes, case-insensitive', async () => {
    expect(order((await t.asAdmin('GET', '/api/one_time_cleanings?search=maria')).json())).toEqual([
      'may',
      'april',
      'undated',
    ]);
    expect(order((await t.asAdmin('GET', '/api/one_time_cleanings?search=UNDER%20MAT')).json())).toEqual([
      'may',
    ]);
    expect(order((await t.asAdmin('GET', '/api/one_time_cleanings?search=reill')).json())).toEqual([
      'july',
      'june',
      'march',
    ]);
    // "eco soap" lives in Maria's notes, not in a name.
    expect(order((await t.asAdmin('GET', '/api/one_time_cleanings?search=eco%20soap')).json())).toEqual([
      'april',
    ]);
    expect((await t.asAdmin('GET', '/api/one_time_cleanings?search=nobody')).json()).toEqual([]);
  });

  it('the word "paid" also finds paid cleanings; any other text only matches names and notes', async () => {
    for (const word of ['paid', 'PAID', ' Paid ']) {
      const res = await t.asAdmin('GET', `/api/one_time_cleanings?search=${encodeURIComponent(word)}`);
      // July and May are paid; June's notes contain "unpaid".
      expect(order(res.json()), word).toEqual(['july', 'june', 'may']);
    }
    expect(order((await t.asAdmin('GET', '/api/one_time_cleanings?search=unpaid')).json())).toEqual(['june']);
  });

  it('pages with X-Total-Count, also while searching', async () => {
    const first = await t.asAdmin('GET', '/api/one_time_cleanings?page=1&limit=5');
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('6');
    expect(order(first.json())).toEqual(['july', 'june', 'may', 'april', 'march']);
    const second = await t.asAdmin('GET', '/api/one_time_cleanings?page=2&limit=5');
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('6');
    expect(order(second.json())).toEqual(['undated']);
    const searched = await t.asAdmin('GET', '/api/one_time_cleanings?search=maria&page=2&limit=2');
    expect(searched.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(order(searched.json())).toEqual(['undated']);
  });
});

describe('PATCH and DELETE /api/one_time_cleanings/{id}', () => {
  let id: number;
  beforeEach(async () => {
    await t.db.delete(oneTimeCleanings);
    id = (await create({ amount: 100, paid: true, notes: 'Original' })).json().id;
  });
  const row = async () => (await t.db.select().from(oneTimeCleanings).where(eq(oneTimeCleanings.id, id)))[0];

  it('changes only the fields sent', async () => {
    const amount = await t.asAdmin('PATCH', `/api/one_time_cleanings/${id}`, { amount: '85.50' });
    expect(amount.statusCode).toBe(200);
    expect(amount.json()).toMatchObject({
      amount: 85.5,
      paid: true,
      notes: 'Original',
      date_time: '2026-07-04T14:00:00.000Z',
    });
    const rest = await t.asAdmin('PATCH', `/api/one_time_cleanings/${id}`, {
      date_time: '2026-12-24T18:30',
      paid: false,
      notes: '',
      inquiry_id: tom,
    });
    expect(rest.json()).toEqual({
      id,
      inquiry_id: tom,
      inquiry_name: 'Tom Reilly',
      date_time: '2026-12-24T23:30:00.000Z',
      amount: 85.5,
      paid: false,
      notes: null,
      duration_minutes: null,
      version: '2',
      conflicts: expect.any(Array),
    });
  });

  it('refuses bad input and changes nothing; 404 for an unknown cleaning', async () => {
    const before = await row();
    const cases: Array<[Record<string, unknown>, RegExp, number]> = [
      [{ amount: -1 }, /negative/, 400],
      [{ amount: 1.005 }, /2 decimals/, 400],
      [{ amount: 'abc' }, /number/, 400],
      [{ date_time: '2026-02-30T10:00' }, /date/i, 400],
      [{ inquiry_id: 999999 }, /^inquiry_id: no such inquiry$/, 400],
      [{ paid: null }, /paid/, 400],
      [{}, /at least one field/, 400],
    ];
    for (const [payload, message, status] of cases) {
      const res = await t.asAdmin('PATCH', `/api/one_time_cleanings/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    expect(await row()).toEqual(before);
    expect((await t.asAdmin('PATCH', '/api/one_time_cleanings/999999', { amount: 5 })).statusCode).toBe(404);
  });

  it('deletes, then 404', async () => {
    expect((await t.asAdmin('DELETE', `/api/one_time_cleanings/${id}`)).statusCode).toBe(204);
    expect(await row()).toBeUndefined();
    expect((await t.asAdmin('DELETE', `/api/one_time_cleanings/${id}`)).statusCode).toBe(404);
    expect((await t.asAdmin('DELETE', '/api/one_time_cleanings/abc')).statusCode).toBe(400);
  });
});

describe('counting a long list', () => {
  it(`counts up to ${COUNT_CAP} and says there are more (X-Total-More), exactly below`, async () => {
    await t.db.delete(oneTimeCleanings);
    await t.db.execute(sql`insert into one_time_cleanings (inquiry_id, amount, notes)
      select ${maria}, 10, case when i <= 3 then 'Rare note ' || i end from generate_series(1, ${COUNT_CAP + 1}) i`);
    const all = await t.asAdmin('GET', '/api/one_time_cleanings?page=2&limit=5');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    expect(all.headers[TOTAL_COUNT_HEADER]).toBe(String(COUNT_CAP));
    expect(all.headers[TOTAL_MORE_HEADER]).toBe('1');
    const few = await t.asAdmin('GET', '/api/one_time_cleanings?search=rare%20note&page=1&limit=5');
    expect(few.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(few.headers[TOTAL_MORE_HEADER]).toBeUndefined();
    await t.db.delete(oneTimeCleanings);
  });
});
