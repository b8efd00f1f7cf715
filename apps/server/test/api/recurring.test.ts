import { TOTAL_COUNT_HEADER } from '@clean/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringPaid, recurringPaidDates, recurringPayments } from '../../src/db/schema';
import { NEWEST_WINDOW } from '../../src/lib/paging';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp({ timezone: 'America/New_York' });
let maria: number;
let tom: number;
let priya: number;
beforeAll(async () => {
  ({ maria, tom, priya } = await records(t).customers());
});

async function clear() {
  await t.db.delete(recurringPaid);
  await t.db.delete(recurringPayments);
}

describe('recurring payment schedules', () => {
  beforeEach(clear);
  const schedule = (payload: Record<string, unknown> = {}) =>
    t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: maria,
      amount: 140,
      frequency: 'Biweekly',
      ...payload,
    });

  it('creates a schedule (201) with the inquiry name', async () => {
    const res = await schedule({ notes: 'Tuesday mornings', amount: '139.99' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      inquiry_id: maria,
      inquiry_name: 'Maria Gonzalez',
      amount: 139.99,
      frequency: 'Biweekly',
      notes: 'Tuesday mornings',
      first_visit_at: null,
      duration_minutes: null,
      visits_note: 'No visits on the calendar: this schedule has no first visit.',
      cleaner_id: null,
      version: '0',
      conflicts: [],
    });
    const bare = await t.asAdmin('POST', '/api/recurring_payments', { inquiry_id: tom, amount: 0 });
    expect(bare.json()).toMatchObject({ frequency: '', notes: null, amount: 0 });
  });

  it('refuses bad input and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ amount: -1 }, /negative/],
      [{ amount: 1.005 }, /2 decimals/],
      [{ amount: 'abc' }, /number/],
      [{ inquiry_id: 999999 }, /^inquiry_id: no such inquiry$/],
      [{ inquiry_id: null }, /inquiry_id/],
      [{ frequency: 'x'.repeat(61) }, /frequency/i],
      [{ frequency: 7 }, /frequency/i],
    ];
    for (const [payload, message] of cases) {
      const res = await schedule(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await t.db.$count(recurringPayments)).toBe(0);
  });

  it('lists newest first and searches inquiry name, frequency and notes (contains, case-insensitive)', async () => {
    const a = (await schedule({ frequency: 'Weekly', notes: 'Gate code 1234' })).json().id;
    const b = (await schedule({ inquiry_id: tom, frequency: 'Monthly', notes: 'First Friday' })).json().id;
    const c = (await schedule({ inquiry_id: priya, frequency: 'Biweekly', notes: null })).json().id;
    const d = (await schedule({ inquiry_id: tom, frequency: 'weekly', notes: 'gate is stiff' })).json().id;
    const ids = (url: string) => t.asAdmin('GET', url).then((r) => r.json().map((s: { id: number }) => s.id));

    expect(await ids('/api/recurring_payments')).toEqual([d, c, b, a]);
    expect(await ids('/api/recurring_payments?inquiry_name=REILLY')).toEqual([d, b]);
    expect(await ids('/api/recurring_payments?frequency=week')).toEqual([d, c, a]);
    expect(await ids('/api/recurring_payments?notes=GATE')).toEqual([d, a]);
    expect(await ids('/api/recurring_payments?inquiry_name=tom&frequency=monthly')).toEqual([b]);
    expect(await ids('/api/recurring_payments?notes=nothing-like-this')).toEqual([]);
    const list = (await t.asAdmin('GET', '/api/recurring_payments?inquiry_name=priya')).json();
    expect(list).toEqual([
      {
        id: c,
        inquiry_id: priya,
        inquiry_name: 'Priya Shah',
        amount: 140,
        frequency: 'Biweekly',
        notes: null,
        first_visit_at: null,
        duration_minutes: null,
        visits_note: 'No visits on the calendar: this schedule has no first visit.',
        cleaner_id: null,
        version: '0',
      },
    ]);

    const page2 = await t.asAdmin('GET', '/api/recurring_payments?page=2&limit=3');
    expect(page2.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(page2.json().map((s: { id: number }) => s.id)).toEqual([a]);
    const searchedPage = await t.asAdmin('GET', '/api/recurring_payments?frequency=week&page=1&limit=2');
    expect(searchedPage.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(searchedPage.json().map((s: { id: number }) => s.id)).toEqual([d, c]);
  });

  it('edits only the fields sent; refuses bad values; 404 for unknown ids', async () => {
    const id = (await schedule({ notes: 'Keep' })).json().id;
    const res = await t.asAdmin('PATCH', `/api/recurring_payments/${id}`, {
      amount: 150.25,
      frequency: 'Monthly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: 150.25,
      frequency: 'Monthly',
      notes: 'Keep',
      inquiry_id: maria,
    });
    const moved = await t.asAdmin('PATCH', `/api/recurring_payments/${id}`, { inquiry_id: tom, notes: '' });
    expect(moved.json()).toMatchObject({ inquiry_id: tom, inquiry_name: 'Tom Reilly', notes: null });
    for (const payload of [{ amount: -5 }, { inquiry_id: 999999 }, {}]) {
      expect((await t.asAdmin('PATCH', `/api/recurring_payments/${id}`, payload)).statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(recurringPayments).where(eq(recurringPayments.id, id));
    expect(row).toMatchObject({ amount: 150.25, inquiryId: tom, frequency: 'Monthly', notes: null });
    expect((await t.asAdmin('PATCH', '/api/recurring_payments/999999', { amount: 1 })).statusCode).toBe(404);
  });

  it('finds a schedule by its inquiry name after the inquiry is renamed or the schedule moved', async () => {
    const ann = await records(t).inquiry('Ann Oldname');
    const id = (await t.asAdmin('POST', '/api/recurring_payments', { inquiry_id: ann, amount: 80 })).json()
      .id;
    const found = (name: string) =>
      t
        .asAdmin('GET', `/api/recurring_payments?inquiry_name=${name}&page=1&limit=5`)
        .then((r) => r.json().map((s: { id: number }) => s.id));
    expect(await found('oldname')).toEqual([id]);
    expect((await t.asAdmin('PATCH', `/api/inquiries/${ann}`, { name: 'Ann Newname' })).statusCode).toBe(200);
    expect(await found('oldname')).toEqual([]);
    expect(await found('newname')).toEqual([id]);
    await t.asAdmin('PATCH', `/api/recurring_payments/${id}`, { inquiry_id: priya });
    expect(await found('newname')).toEqual([]);
    expect(await found('priya')).toContain(id);
  });

  it('deletes a schedule; one with paid records only when confirmed, taking the records along', async () => {
    const plain = (await schedule()).json().id;
    expect((await t.asAdmin('DELETE', `/api/recurring_payments/${plain}`)).statusCode).toBe(204);
    expect((await t.asAdmin('DELETE', `/api/recurring_payments/${plain}`)).statusCode).toBe(404);

    const id = (await schedule()).json().id;
    const keep = (await schedule({ inquiry_id: tom })).json().id;
    for (const [scheduleId, dates] of [
      [id, ['2026-05-01T09:00', '2026-05-15T09:00']],
      [id, '2026-06-01T09:00'],
      [keep, ['2026-06-02T09:00']],
    ] as const) {
      const res = await t.asAdmin('POST', '/api/recurring_paid', {
        recurring_payment_id: scheduleId,
        dates_related: dates,
        amount_paid: 140,
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await t.asAdmin('DELETE', `/api/recurring_payments/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error:
        'This recurring schedule has 2 paid record(s). Delete them first, or confirm deleting everything.',
    });
    expect(await t.db.$count(recurringPaid)).toBe(3);

    expect((await t.asAdmin('DELETE', `/api/recurring_payments/${id}?with_dependants=true`)).statusCode).toBe(
      204,
    );
    expect(await t.db.$count(recurringPayments, eq(recurringPayments.id, id))).toBe(0);
    expect(await t.db.$count(recurringPaid)).toBe(1);
    expect(await t.db.$count(recurringPaidDates)).toBe(1);
  });
});

describe('recurring paid records', () => {
  let schedule: number;
  let tomSchedule: number;
  beforeEach(async () => {
    await clear();
    schedule = (
      await t.asAdmin('POST', '/api/recurring_payments', {
        inquiry_id: maria,
        amount: 140,
        frequency: 'Biweekly',
      })
    ).json().id;
    tomSchedule = (
      await t.asAdmin('POST', '/api/recurring_payments', {
        inquiry_id: tom,
        amount: 90,
        frequency: 'Monthly',
      })
    ).json().id;
  });
  const paid = (payload: Record<string, unknown> = {}) =>
    t.asAdmin('POST', '/api/recurring_paid', {
      recurring_payment_id: schedule,
      dates_related: '2026-07-04T10:00, 2026-06-20T09:30',
      amount_paid: 280,
      ...payload,
    });
  const storedDates = async (id: number) =>
    (
      await t.db
        .select({ at: recurringPaidDates.dateTime })
        .from(recurringPaidDates)
        .where(eq(recurringPaidDates.recurringPaidId, id))
        .orderBy(recurringPaidDates.dateTime)
    ).map((r) => r.at.toISOString());

  it('creates from the joined string: dates typed, ascending, in the business zone', async () => {
    const res = await paid({ notes: 'Two visits by check' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      recurring_payment_id: schedule,
      recurring_payment_name: 'Maria Gonzalez',
      dates: ['2026-06-20T13:30:00.000Z', '2026-07-04T14:00:00.000Z'],
      dates_related: '2026-06-20T13:30:00.000Z, 2026-07-04T14:00:00.000Z',
      amount_paid: 280,
      notes: 'Two visits by check',
      submitted_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.submitted_at) - Date.now())).toBeLessThan(60_000);
    expect(await storedDates(body.id)).toEqual(body.dates);
  });

  it('creates from an array too; blank entries are dropped and repeated dates stored once', async () => {
    const res = await paid({
      dates_related: ['2026-12-24T18:30', '', '2026-12-24T23:30:00Z', '2026-01-02T08:00:00-05:00'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().dates).toEqual(['2026-01-02T13:00:00.000Z', '2026-12-24T23:30:00.000Z']);
    // A paid record is a payment for cleanings on some date: none at all is refused (an empty list or text alike).
    for (const dates_related of [[], '', ['', ' ']]) {
      const none = await paid({ dates_related });
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toMatch(/at least one paid date/);
    }
  });

  it('refuses bad input and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ amount_paid: -1 }, /negative/],
      [{ amount_paid: 1.005 }, /2 decimals/],
      [{ amount_paid: 'abc' }, /number/],
      [{ dates_related: '2026-02-30T10:00' }, /date/i],
      [{ dates_related: ['2026-07-04T10:00', 'soon'] }, /date/i],
      [{ dates_related: 42 }, /dates_related/],
      [{ recurring_payment_id: 999999 }, /^recurring_payment_id: no such recurring payment schedule$/],
      [{ recurring_payment_id: 'x' }, /recurring_payment_id/],
    ];
    for (const [payload, message] of cases) {
      const res = await paid(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect(await t.db.$count(recurringPaid)).toBe(0);
    expect(await t.db.$count(recurringPaidDates)).toBe(0);
  });

  it('edits: dates_related replaces the whole set; other fields alone leave the dates', async () => {
    const { id } = (await paid()).json();
    const amount = await t.asAdmin('PATCH', `/api/recurring_paid/${id}`, {
      amount_paid: 140.1,
      notes: 'One refunded',
    });
    expect(amount.statusCode).toBe(200);
    expect(amount.json()).toMatchObject({
      amount_paid: 140.1,
      notes: 'One refunded',
      dates: ['2026-06-20T13:30:00.000Z', '2026-07-04T14:00:00.000Z'],
    });
    const replaced = await t.asAdmin('PATCH', `/api/recurring_paid/${id}`, {
      dates_related: ['2026-08-01T09:00', '2026-07-18T09:00', '2026-08-15T09:00'],
    });
    expect(replaced.json().dates).toEqual([
      '2026-07-18T13:00:00.000Z',
      '2026-08-01T13:00:00.000Z',
      '2026-08-15T13:00:00.000Z',
    ]);
    expect(await storedDates(id)).toEqual(replaced.json().dates);
    const joined = await t.asAdmin('PATCH', `/api/recurring_paid/${id}`, {
      dates_related: '2026-08-01T13:00:00.000Z, 2026-08-15T13:00:00.000Z',
      recurring_payment_id: tomSchedule,
    });
    expect(joined.json()).toMatchObject({
      recurring_payment_id: tomSchedule,
      recurring_payment_name: 'Tom Reilly',
      dates_related: '2026-08-01T13:00:00.000Z, 2026-08-15T13:00:00.000Z',
      amount_paid: 140.1,
    });
    expect(await storedDates(id)).toHaveLength(2);
  });

  it('a refused edit changes nothing, dates included; 404 for unknown ids', async () => {
    const { id, dates } = (await paid()).json();
    for (const payload of [
      { dates_related: ['2026-08-01T09:00', 'bad'] },
      { amount_paid: -3, dates_related: ['2026-08-01T09:00'] },
      { recurring_payment_id: 999999, dates_related: ['2026-08-01T09:00'] },
      {},
    ]) {
      expect((await t.asAdmin('PATCH', `/api/recurring_paid/${id}`, payload)).statusCode).toBe(400);
    }
    expect(await storedDates(id)).toEqual(dates);
    expect((await t.asAdmin('PATCH', '/api/recurring_paid/999999', { amount_paid: 1 })).statusCode).toBe(404);
  });

  it("lists newest first, searches the schedule's inquiry name, pages with X-Total-Count", async () => {
    const first = (await paid()).json().id;
    const second = (
      await paid({ recurring_payment_id: tomSchedule, dates_related: '2026-05-01T10:00' })
    ).json().id;
    const third = (await paid({ dates_related: ['2026-05-02T10:00'] })).json().id;
    // Submission times decide the order: make them distinct and known.
    for (const [id, at] of [
      [first, '2026-06-01T12:00:00Z'],
      [second, '2026-06-02T12:00:00Z'],
      [third, '2026-06-03T12:00:00Z'],
    ] as const) {
      await t.db
        .update(recurringPaid)
        .set({ submittedAt: new Date(at) })
        .where(eq(recurringPaid.id, id));
    }
    const ids = (res: { json: () => Array<{ id: number }> }) => res.json().map((p) => p.id);
    expect(ids(await t.asAdmin('GET', '/api/recurring_paid'))).toEqual([third, second, first]);
    expect(ids(await t.asAdmin('GET', '/api/recurring_paid?name=GONZ'))).toEqual([third, first]);
    expect(ids(await t.asAdmin('GET', '/api/recurring_paid?name=tom'))).toEqual([second]);
    expect(ids(await t.asAdmin('GET', '/api/recurring_paid?name=nobody'))).toEqual([]);
    const listed = (await t.asAdmin('GET', '/api/recurring_paid?name=tom')).json()[0];
    expect(listed).toEqual({
      id: second,
      recurring_payment_id: tomSchedule,
      recurring_payment_name: 'Tom Reilly',
      dates: ['2026-05-01T14:00:00.000Z'],
      dates_related: '2026-05-01T14:00:00.000Z',
      amount_paid: 280,
      notes: null,
      submitted_at: '2026-06-02T12:00:00.000Z',
    });
    const page2 = await t.asAdmin('GET', '/api/recurring_paid?page=2&limit=2');
    expect(page2.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(ids(page2)).toEqual([first]);
    expect(page2.json()[0].dates).toHaveLength(2);
    const searched = await t.asAdmin('GET', '/api/recurring_paid?name=maria&page=1&limit=1');
    expect(searched.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(ids(searched)).toEqual([third]);
  });

  it('deletes a record with its dates', async () => {
    const { id } = (await paid()).json();
    expect((await t.asAdmin('DELETE', `/api/recurring_paid/${id}`)).statusCode).toBe(204);
    expect(await t.db.$count(recurringPaid)).toBe(0);
    expect(await t.db.$count(recurringPaidDates)).toBe(0);
    expect((await t.asAdmin('DELETE', `/api/recurring_paid/${id}`)).statusCode).toBe(404);
  });
});

describe('name searches past the newest rows (paging.ts pageFromNewest)', () => {
  beforeEach(clear);

  /**
   * More schedules and paid records than NEWEST_WINDOW, every 7th Tom's: the first pages of a search for him lie
   * among the newest rows (found by walking them), the later ones beyond (found from the name): the same pages
   * either way, in the list's order, none repeated or skipped.
   */
  it('gives every page of a common name in order, inside and beyond the window', async () => {
    const rows = NEWEST_WINDOW + 300;
    await t.db.execute(sql`
      insert into recurring_payments (inquiry_id, amount, frequency, created_at)
      select case when i % 7 = 0 then ${tom}::int else ${maria}::int end, 100, 'Weekly',
             timestamptz '2026-01-01' + i * interval '1 hour' from generate_series(1, ${rows}::int) i`);
    // Two records share each second hour: the id breaks the tie.
    await t.db.execute(sql`
      insert into recurring_paid (recurring_payment_id, amount_paid, submitted_at)
      select id, 100, created_at + ((id % 2) * interval '1 hour') from recurring_payments`);
    const tomSchedules = await t.db
      .select({ id: recurringPayments.id, at: recurringPayments.createdAt })
      .from(recurringPayments)
      .where(eq(recurringPayments.inquiryId, tom));
    const newestFirst = <T extends { id: number; at: Date }>(list: T[]) =>
      [...list].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((r) => r.id);
    const tomScheduleIds = tomSchedules.map((s) => s.id);
    const tomPaid = await t.db
      .select({ id: recurringPaid.id, at: recurringPaid.submittedAt })
      .from(recurringPaid)
      .where(inArray(recurringPaid.recurringPaymentId, tomScheduleIds));

    for (const [url, expected] of [
      ['/api/recurring_payments?inquiry_name=reil', newestFirst(tomSchedules)],
      ['/api/recurring_paid?name=reil', newestFirst(tomPaid)],
    ] as const) {
      const limit = 20;
      const pages = Math.ceil(expected.length / limit);
      const listed: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await t.asAdmin('GET', `${url}&page=${page}&limit=${limit}`);
        expect(res.statusCode).toBe(200);
        listed.push(...res.json().map((r: { id: number }) => r.id));
      }
      // Tom's rows reach well past the window (about 330 of 2,300): both ways were taken.
      expect(expected.length).toBeGreaterThan(NEWEST_WINDOW / 7 + limit);
      expect(listed).toEqual(expected);
    }
  });
});
