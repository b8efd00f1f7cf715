import type { Visit, VisitConflict, WorkingHours } from '@clean/shared';
import { AGENDA_DAY_LIMIT, DEFAULT_WORKING_HOURS } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringPaid, recurringPaidDates, recurringPayments, visitExceptions } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

const t = useTestApp({ timezone: 'America/New_York' });
let maria: number;
let tom: number;
beforeAll(async () => {
  ({ maria, tom } = await records(t).customers());
});

beforeEach(async () => {
  await t.db.delete(visitExceptions);
  await t.db.delete(recurringPaid);
  await t.db.delete(recurringPayments);
  await records(t)
    .clearAll()
    .catch(() => undefined);
  ({ maria, tom } = await records(t).customers());
  expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
});

async function schedule(payload: Record<string, unknown>) {
  const res = await t.asAdmin('POST', '/api/recurring_payments', {
    inquiry_id: maria,
    amount: 140,
    frequency: 'Weekly',
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; first_visit_at: string | null; visits_note: string | null }>();
}

async function visits(from: string, to: string) {
  const res = await t.asAdmin('GET', `/api/visits?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Visit[]>();
}

const patch = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);

describe('occurrences computed from the first visit', () => {
  it('a weekly 9:00 visit stays at 9:00 New York time across the DST change of 2027-03-14', async () => {
    const s = await schedule({ first_visit_at: '2027-03-02T09:00', duration_minutes: 90 });
    expect(s.first_visit_at).toBe('2027-03-02T14:00:00.000Z');
    expect(s.visits_note).toBeNull();
    const list = await visits('2027-03-01', '2027-03-23');
    expect(list.map((v) => v.start)).toEqual([
      '2027-03-02T14:00:00.000Z', // 09:00 -05:00
      '2027-03-09T14:00:00.000Z',
      '2027-03-16T13:00:00.000Z', // 09:00 -04:00
      '2027-03-23T13:00:00.000Z',
    ]);
    const [first] = list;
    expect(first).toMatchObject({
      key: `r${s.id}-20270302T140000Z`,
      kind: 'recurring',
      inquiry_id: maria,
      inquiry_name: 'Maria Gonzalez',
      end: '2027-03-02T15:30:00.000Z',
      status: 'planned',
      paid: false,
      amount: 140,
      original_start: null,
      recurring_payment_id: s.id,
      one_time_cleaning_id: null,
    });
  });

  it('monthly from January 31 falls on February 28, then March 31', async () => {
    await schedule({ frequency: 'Monthly', first_visit_at: '2027-01-31T10:00' });
    const list = await visits('2027-02-01', '2027-04-30');
    expect(list.map((v) => v.start)).toEqual([
      '2027-02-28T15:00:00.000Z',
      '2027-03-31T14:00:00.000Z',
      '2027-04-30T14:00:00.000Z',
    ]);
  });

  it('one-time cleanings are visits too, with the default length from the working hours', async () => {
    const c = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: tom,
      date_time: '2027-03-03T13:00',
      amount: 200,
      paid: false,
    });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json<{ id: number }>().id;
    const [v] = await visits('2027-03-03', '2027-03-03');
    expect(v).toMatchObject({
      key: `o${id}`,
      kind: 'one_time',
      start: '2027-03-03T18:00:00.000Z',
      end: '2027-03-03T20:00:00.000Z',
      paid: false,
      status: 'planned',
    });
    const paid = await patch(`o${id}`, { paid: true, confirm_early: true });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ key: `o${id}`, paid: true, status: 'done' });
    const cleaning = await t.asAdmin('GET', '/api/one_time_cleanings');
    expect(cleaning.json<{ id: number; paid: boolean }[]>().find((x) => x.id === id)?.paid).toBe(true);
  });

  it('lists at most AGENDA_DAY_LIMIT one-time cleanings a day, naming the busier day in a header', async () => {
    const fixtures = records(t);
    for (let i = 0; i < AGENDA_DAY_LIMIT + 2; i++)
      await fixtures.cleaning(tom, { dateTime: new Date(Date.UTC(2027, 4, 4, 12 + (i % 8), i)) });
    await fixtures.cleaning(tom, { dateTime: new Date('2027-05-05T14:00:00Z') });
    await schedule({ first_visit_at: '2027-05-04T08:00' });
    const res = await t.asAdmin('GET', '/api/visits?from=2027-05-04&to=2027-05-05');
    expect(res.headers['x-truncated-days']).toBe('2027-05-04');
    const list = res.json<Visit[]>();
    expect(list.filter((v) => v.kind === 'one_time' && v.start.startsWith('2027-05-04'))).toHaveLength(
      AGENDA_DAY_LIMIT,
    );
    // The recurring visit and the other day's cleaning are all there.
    expect(list.filter((v) => v.kind === 'recurring')).toHaveLength(1);
    expect(list.filter((v) => v.start.startsWith('2027-05-05'))).toHaveLength(1);
    const quiet = await t.asAdmin('GET', '/api/visits?from=2027-05-05&to=2027-05-05');
    expect(quiet.headers['x-truncated-days']).toBeUndefined();
  });

  it('a schedule without a first visit, or with a frequency not understood, has no visits and says why', async () => {
    const none = await schedule({});
    expect(none.visits_note).toMatch(/no first visit/);
    const odd = await schedule({ frequency: 'When needed', first_visit_at: '2027-03-02T09:00' });
    expect(odd.visits_note).toMatch(/"When needed" is not one/);
    expect(await visits('2027-03-01', '2027-03-31')).toEqual([]);
  });
});

describe('changing one occurrence', () => {
  it('skip, undo, move (same key, old time gone), done and paid', async () => {
    const s = await schedule({ first_visit_at: '2027-03-02T09:00' });
    const key = `r${s.id}-20270309T140000Z`;
    const skipped = await patch(key, { status: 'skipped' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ key, status: 'skipped' });
    expect((await visits('2027-03-09', '2027-03-09'))[0]?.status).toBe('skipped');
    expect((await patch(key, { status: 'planned' })).json()).toMatchObject({ status: 'planned' });

    const moved = await patch(key, { start: '2027-03-10T11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      key,
      start: '2027-03-10T16:00:00.000Z',
      original_start: '2027-03-09T14:00:00.000Z',
    });
    expect(await visits('2027-03-09', '2027-03-09')).toEqual([]);
    expect((await visits('2027-03-10', '2027-03-10')).map((v) => v.key)).toEqual([key]);
    // Moved into another range than its original one: still found, by its new time.
    const moveFar = await patch(key, { start: '2027-04-21T10:00' });
    expect(moveFar.statusCode, moveFar.body).toBe(200);
    expect((await visits('2027-04-21', '2027-04-21')).map((v) => v.key)).toEqual([key]);

    const done = await patch(key, { status: 'done', paid: true, confirm_early: true });
    expect(done.statusCode, done.body).toBe(200);
    const visit = done.json<Visit>();
    expect(visit).toMatchObject({ key, status: 'done', paid: true, recurring_paid_id: expect.any(Number) });
    const paid = await t.db.select().from(recurringPaid).where(eq(recurringPaid.recurringPaymentId, s.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]?.amountPaid).toBe(140);
    const dates = await t.db
      .select()
      .from(recurringPaidDates)
      .where(eq(recurringPaidDates.recurringPaidId, paid[0]?.id ?? 0));
    expect(dates.map((d) => d.dateTime.toISOString())).toEqual(['2027-04-21T14:00:00.000Z']);

    // Again: the same visit, no second record.
    const again = await patch(key, { status: 'done', paid: true, confirm_early: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(visit);
    expect(await t.db.$count(recurringPaid)).toBe(1);
    // A paid visit stays done.
    expect((await patch(key, { status: 'skipped' })).statusCode).toBe(409);
  });

  it('Done & paid sent 20 times at once makes exactly one paid record', async () => {
    const s = await schedule({ first_visit_at: '2027-03-02T09:00', amount: 95.5 });
    // A fresh occurrence (no row yet), and one the owner already changed (its row exists: only the lock holds).
    const fresh = `r${s.id}-20270316T130000Z`;
    const changed = `r${s.id}-20270323T130000Z`;
    expect((await patch(changed, { status: 'skipped' })).statusCode).toBe(200);
    expect((await patch(changed, { status: 'planned' })).statusCode).toBe(200);
    for (const key of [fresh, changed]) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => patch(key, { status: 'done', paid: true, confirm_early: true })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.json<Visit>().recurring_paid_id));
      expect(ids.size).toBe(1);
    }
    const paid = await t.db.select().from(recurringPaid).where(eq(recurringPaid.recurringPaymentId, s.id));
    expect(paid.map((p) => p.amountPaid)).toEqual([95.5, 95.5]);
  });

  it('unknown keys and occurrences the rule does not produce are 404; a bad body is 400', async () => {
    const s = await schedule({ first_visit_at: '2027-03-02T09:00' });
    expect((await patch(`r${s.id}-20270303T140000Z`, { status: 'skipped' })).statusCode).toBe(404);
    expect((await patch(`r${s.id + 1000}-20270302T140000Z`, { status: 'skipped' })).statusCode).toBe(404);
    expect((await patch('o999999', { status: 'done' })).statusCode).toBe(404);
    expect((await patch('nonsense', { status: 'done' })).statusCode).toBe(404);
    expect((await patch(`r${s.id}-20270230T140000Z`, { status: 'done' })).statusCode).toBe(404);
    for (const body of [{}, { status: 'gone' }, { start: 'soon' }, { paid: 'yes' }]) {
      const res = await patch(`r${s.id}-20270302T140000Z`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await t.db.$count(visitExceptions)).toBe(0);
  });
});

describe('conflicts', () => {
  it('a move onto another visit, or outside the hours, is 409 unless allow_overlap', async () => {
    const a = await schedule({ first_visit_at: '2027-03-02T09:00' });
    await schedule({ inquiry_id: tom, first_visit_at: '2027-03-03T13:00' });
    const key = `r${a.id}-20270302T140000Z`;

    const onTom = await patch(key, { start: '2027-03-03T14:00' });
    expect(onTom.statusCode).toBe(409);
    expect(onTom.json().error).toMatch(/Overlaps Tom Reilly \(Wed, Mar 3, 2027, 1:00 PM–3:00 PM\)/);
    const late = await patch(key, { start: '2027-03-02T16:00' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(
      /Outside working hours \(Tue, Mar 2, 2027, 4:00 PM–.*\): working hours on Tuesday are 8:00 AM–5:00 PM/,
    );
    const saturday = await patch(key, { start: '2027-03-06T09:00' });
    expect(saturday.json().error).toMatch(/Saturday is not a working day/);
    // Nothing changed.
    expect((await visits('2027-03-02', '2027-03-02')).map((v) => v.key)).toEqual([key]);

    const forced = await patch(key, { start: '2027-03-03T14:00', allow_overlap: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json<Visit>().start).toBe('2027-03-03T19:00:00.000Z');

    // Two at once allowed: the same move passes.
    const hours: WorkingHours = { ...DEFAULT_WORKING_HOURS, max_overlap: 2 };
    expect((await t.asAdmin('PUT', '/api/working_hours', hours)).statusCode).toBe(200);
    expect((await t.asAdmin('GET', '/api/working_hours')).json()).toEqual(hours);
    const key2 = `r${a.id}-20270309T140000Z`;
    expect((await patch(key2, { start: '2027-03-10T14:00' })).statusCode).toBe(200);
  });

  it('create and edit answers carry conflicts, and the look-up finds them before saving', async () => {
    await schedule({ inquiry_id: tom, first_visit_at: '2027-03-03T13:00' });
    const c = await t.asAdmin('POST', '/api/one_time_cleanings', {
      inquiry_id: maria,
      date_time: '2027-03-10T14:00',
      amount: 100,
      duration_minutes: 60,
    });
    expect(c.statusCode).toBe(201);
    const conflicts = c.json<{ conflicts: VisitConflict[] }>().conflicts;
    expect(conflicts).toEqual([expect.objectContaining({ kind: 'overlap', inquiry_name: 'Tom Reilly' })]);

    const look = await t.asAdmin(
      'GET',
      '/api/visits/conflicts?start=2027-03-01T07:00&duration_minutes=60&frequency=Weekly',
    );
    expect(look.statusCode, look.body).toBe(200);
    // Twelve Mondays at 07:00: each outside the hours.
    expect(look.json<VisitConflict[]>().filter((x) => x.kind === 'outside_hours')).toHaveLength(12);

    const s = await schedule({ first_visit_at: '2027-03-03T14:00' });
    const edited = await t.asAdmin('PATCH', `/api/recurring_payments/${s.id}`, {
      first_visit_at: '2027-03-04T09:00',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().conflicts).toEqual([]);
  });

  it('refuses bad ranges and bad working hours (400), changing nothing', async () => {
    for (const q of [
      'from=2027-01-01&to=2027-04-03',
      'from=2027-03-02&to=2027-03-01',
      'from=2027-02-30&to=2027-03-01',
      'from=x&to=y',
      'from=2027-01-01',
    ]) {
      const res = await t.asAdmin('GET', `/api/visits?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await t.asAdmin('GET', '/api/visits?from=2027-01-01&to=2027-04-02')).statusCode).toBe(200);
    const bad = await t.asAdmin('PUT', '/api/working_hours', { ...DEFAULT_WORKING_HOURS, max_overlap: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await t.asAdmin('GET', '/api/working_hours')).json()).toEqual(DEFAULT_WORKING_HOURS);
    expect((await t.anonymous('GET', '/api/visits?from=2027-01-01&to=2027-01-02')).statusCode).toBe(401);
  });
});
