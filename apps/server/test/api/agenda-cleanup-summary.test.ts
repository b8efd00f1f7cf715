import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AGENDA_DAY_LIMIT,
  type CleaningDatesSummary,
  type OldRecord,
  TOTAL_COUNT_HEADER,
} from '@clean/shared';
import { agendaCleaning, agendaPaidRecord, MARIA_DETAILS } from '@clean/shared/test-support';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as tables from '../../src/db/schema';
import { sessionTokens } from '../../src/features/auth/tokens';
import { records } from '../support/fixtures';
import { type Method, useTestApp } from '../support/harness';

const t = useTestApp({ timezone: 'America/New_York' });

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const { clearAll, inquiry, cleaning, schedule, paidRecord } = records(t);

describe('GET /api/cleaning_dates_summary', () => {
  const at = (iso: string) => new Date(iso);
  type Row =
    | 'atStart'
    | 'justBefore'
    | 'atEnd'
    | 'justAfter'
    | 'undated'
    | 'straddling'
    | 'outside'
    | 'noDates';
  const ids = {} as Record<Row, number>;
  let maria: number;
  let tom: number;
  beforeAll(async () => {
    await clearAll();
    maria = await inquiry('Maria Gonzalez', {
      phoneNumber: '8605550101',
      email: 'maria@example.com',
      callOrText: 'text',
      town: 'Bristol',
    });
    tom = await inquiry('Tom Reilly', { phoneNumber: null });
    // The range used below: July 2026 in New York = 2026-07-01T04:00Z .. 2026-07-31T23:59:59 EDT (2026-08-01T03:59:59Z).
    Object.assign(ids, {
      atStart: await cleaning(maria, {
        dateTime: at('2026-07-01T04:00:00Z'),
        notes: 'Start edge',
        paid: true,
      }),
      justBefore: await cleaning(maria, { dateTime: at('2026-07-01T03:59:59Z') }),
      atEnd: await cleaning(tom, { dateTime: at('2026-08-01T03:59:59Z') }),
      justAfter: await cleaning(tom, { dateTime: at('2026-08-01T04:00:00Z') }),
      undated: await cleaning(tom, { dateTime: null }),
    });
    const mariaSchedule = await schedule(maria);
    const tomSchedule = await schedule(tom);
    ids.straddling = await paidRecord(
      mariaSchedule,
      [
        at('2026-06-20T13:00:00Z'),
        at('2026-07-15T13:00:00Z'),
        at('2026-08-01T03:59:59Z'),
        at('2026-08-05T13:00:00Z'),
      ],
      { notes: 'Three visits' },
    );
    ids.outside = await paidRecord(tomSchedule, [at('2026-06-30T13:00:00Z'), at('2026-08-02T13:00:00Z')]);
    ids.noDates = await paidRecord(tomSchedule, []);
  });
  const julyNY = '?from=2026-07-01T00:00&to=2026-07-31T23:59:59';

  it('gives the calendar fields for events inside the range, both edges included', async () => {
    const res = await t.asAdmin('GET', `/api/cleaning_dates_summary${julyNY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.one_time_cleanings).toEqual([
      agendaCleaning({
        cleaning_id: ids.atStart,
        inquiry_id: maria,
        inquiry_name: 'Maria Gonzalez',
        date_time: '2026-07-01T04:00:00.000Z',
        ...MARIA_DETAILS,
        notes: 'Start edge',
        paid: true,
      }),
      agendaCleaning({
        cleaning_id: ids.atEnd,
        inquiry_id: tom,
        inquiry_name: 'Tom Reilly',
        date_time: '2026-08-01T03:59:59.000Z',
      }),
    ]);
    // A record with any date in range, listing only those dates.
    expect(body.recurring_paid_records).toEqual([
      {
        ...agendaPaidRecord({
          recurring_paid_id: ids.straddling,
          inquiry_id: maria,
          inquiry_name: 'Maria Gonzalez',
          dates: ['2026-07-15T13:00:00.000Z', '2026-08-01T03:59:59.000Z'],
        }),
        ...MARIA_DETAILS,
        notes: 'Three visits',
        dates_related: '2026-07-15T13:00:00.000Z, 2026-08-01T03:59:59.000Z',
      },
    ]);
  });

  it('takes ISO instants with offsets as given, and open-ended ranges', async () => {
    const iso = await t.asAdmin(
      'GET',
      '/api/cleaning_dates_summary?from=2026-07-01T04:00:00Z&to=2026-08-01T03:59:59Z',
    );
    expect(iso.json().one_time_cleanings.map((c: { cleaning_id: number }) => c.cleaning_id)).toEqual([
      ids.atStart,
      ids.atEnd,
    ]);
    const fromOnly = await t.asAdmin('GET', '/api/cleaning_dates_summary?from=2026-07-31T23:59:59');
    expect(fromOnly.json().one_time_cleanings.map((c: { cleaning_id: number }) => c.cleaning_id)).toEqual([
      ids.atEnd,
      ids.justAfter,
    ]);
    const toOnly = await t.asAdmin('GET', '/api/cleaning_dates_summary?to=2026-06-30T23:59:59');
    expect(toOnly.json().one_time_cleanings.map((c: { cleaning_id: number }) => c.cleaning_id)).toEqual([
      ids.justBefore,
    ]);
    expect(toOnly.json().recurring_paid_records).toMatchObject([
      { recurring_paid_id: ids.straddling, dates: ['2026-06-20T13:00:00.000Z'] },
      { recurring_paid_id: ids.outside, dates: ['2026-06-30T13:00:00.000Z'] },
    ]);
  });

  it('without a range gives everything, undated cleanings last and records without dates', async () => {
    const body = (await t.asAdmin('GET', '/api/cleaning_dates_summary')).json();
    expect(body.one_time_cleanings.map((c: { cleaning_id: number }) => c.cleaning_id)).toEqual([
      ids.justBefore,
      ids.atStart,
      ids.atEnd,
      ids.justAfter,
      ids.undated,
    ]);
    expect(
      body.recurring_paid_records.map((r: { recurring_paid_id: number }) => r.recurring_paid_id),
    ).toEqual([ids.straddling, ids.outside, ids.noDates]);
    expect(body.recurring_paid_records[0].dates).toHaveLength(4);
    expect(body.recurring_paid_records[2]).toMatchObject({ dates: [], dates_related: '' });
  });

  it('refuses a bad or reversed range', async () => {
    for (const qs of ['from=2026-02-30T00:00', 'to=soon', 'from=2026-08-01T00:00&to=2026-07-01T00:00']) {
      const res = await t.asAdmin('GET', `/api/cleaning_dates_summary?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error).toMatch(/from|to/);
    }
  });
});

describe('a busy day in the agenda', () => {
  beforeEach(clearAll);

  it(`lists the first ${AGENDA_DAY_LIMIT} cleanings and paid dates of a business day and names the day`, async () => {
    const id = await inquiry('Busy Client');
    // 2026-09-10 in New York runs 04:00Z to 04:00Z the next day; one cleaning a minute from 20:00 EDT.
    const start = Date.parse('2026-09-11T00:00:00Z');
    const minute = (n: number) => new Date(start + n * 60_000);
    await t.db.insert(tables.oneTimeCleanings).values(
      Array.from({ length: AGENDA_DAY_LIMIT + 5 }, (_, n) => ({
        inquiryId: id,
        amount: 10,
        dateTime: minute(n),
      })),
    );
    const sched = await schedule(id);
    const record = await paidRecord(
      sched,
      Array.from({ length: AGENDA_DAY_LIMIT + 1 }, (_, n) => minute(n)),
    );
    // The next business day (after 04:00Z), quiet.
    const nextDay = await cleaning(id, { dateTime: new Date('2026-09-11T05:00:00Z') });

    const res = await t.asAdmin(
      'GET',
      '/api/cleaning_dates_summary?from=2026-09-01T00:00&to=2026-09-30T23:59:59',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<CleaningDatesSummary>();
    expect(body.truncated_days).toEqual(['2026-09-10']);
    const listed = body.one_time_cleanings.map((c) => c.date_time);
    expect(listed).toHaveLength(AGENDA_DAY_LIMIT + 1);
    expect(listed.slice(0, AGENDA_DAY_LIMIT)).toEqual(
      Array.from({ length: AGENDA_DAY_LIMIT }, (_, n) => minute(n).toISOString()),
    );
    expect(body.one_time_cleanings.at(-1)?.cleaning_id).toBe(nextDay);
    expect(body.recurring_paid_records).toHaveLength(1);
    expect(body.recurring_paid_records[0]?.recurring_paid_id).toBe(record);
    expect(body.recurring_paid_records[0]?.dates).toHaveLength(AGENDA_DAY_LIMIT);

    const quiet = await t.asAdmin(
      'GET',
      '/api/cleaning_dates_summary?from=2026-09-11T00:00&to=2026-09-11T23:59',
    );
    expect(quiet.json<CleaningDatesSummary>()).toMatchObject({
      truncated_days: [],
      one_time_cleanings: [{ cleaning_id: nextDay }],
      recurring_paid_records: [],
    });
  });
});

describe('old records and their cleanup', () => {
  let ids: Record<string, number>;
  beforeEach(async () => {
    await clearAll();
    const oldAlone = await inquiry('Old Alone', { submittedAt: daysAgo(200) });
    const oldWithOldCleaning = await inquiry('Old With Old Cleaning', { submittedAt: daysAgo(150) });
    const oldWithRecentCleaning = await inquiry('Old With Recent Cleaning', { submittedAt: daysAgo(150) });
    const oldWithSchedule = await inquiry('Old With Schedule', { submittedAt: daysAgo(300) });
    const recent = await inquiry('Recent Customer', { submittedAt: daysAgo(89) });
    const sched = await schedule(oldWithSchedule);
    ids = {
      oldAlone,
      oldWithOldCleaning,
      oldWithRecentCleaning,
      oldWithSchedule,
      recent,
      oldCleaning: await cleaning(oldWithOldCleaning, { dateTime: daysAgo(120) }),
      recentCleaning: await cleaning(oldWithRecentCleaning, { dateTime: daysAgo(10) }),
      futureCleaning: await cleaning(recent, { dateTime: daysAgo(-30) }),
      // Undated: its creation decides.
      undatedOld: await cleaning(recent, { dateTime: null, createdAt: daysAgo(100) }),
      undatedRecent: await cleaning(recent, { dateTime: null, createdAt: daysAgo(5) }),
      oldPaid: await paidRecord(sched, [new Date('2026-01-10T14:00:00Z'), new Date('2026-01-03T14:00:00Z')], {
        submittedAt: daysAgo(95),
      }),
      recentPaid: await paidRecord(sched, [daysAgo(3)], { submittedAt: daysAgo(3) }),
      justInside: await cleaning(recent, { dateTime: daysAgo(89.9) }),
    };
  });

  it('lists exactly the old records, oldest first, with name, date, type and paid dates', async () => {
    const res = await t.asAdmin('GET', '/api/old_records');
    expect(res.statusCode).toBe(200);
    const body: OldRecord[] = res.json();
    expect(body.map((r) => [r.type, r.name])).toEqual([
      ['inquiry', 'Old Alone'],
      ['inquiry', 'Old With Old Cleaning'],
      ['one_time_cleaning', 'Old With Old Cleaning'],
      ['one_time_cleaning', 'Recent Customer'],
      ['recurring_paid', 'Old With Schedule'],
    ]);
    expect(body[0]).toEqual({
      id: ids.oldAlone,
      name: 'Old Alone',
      type: 'inquiry',
      submitted_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(body[0]?.submitted_at ?? '') - daysAgo(200).getTime())).toBeLessThan(60_000);
    expect(body.find((r) => r.type === 'recurring_paid')).toEqual({
      id: ids.oldPaid,
      name: 'Old With Schedule',
      type: 'recurring_paid',
      submitted_at: expect.any(String),
      dates_related: '2026-01-03T14:00:00.000Z, 2026-01-10T14:00:00.000Z',
    });
    expect(body.find((r) => r.id === ids.undatedOld && r.type === 'one_time_cleaning')).toBeTruthy();

    const counted = await t.asAdmin('GET', '/api/old_records?page=1&limit=1');
    expect(counted.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(counted.json()).toHaveLength(1);
    const page3 = await t.asAdmin('GET', '/api/old_records?page=3&limit=2');
    expect(page3.json().map((r: OldRecord) => r.type)).toEqual(['recurring_paid']);
  });

  it('deletes only old records, in one go, then has nothing to delete', async () => {
    const res = await t.asAdmin('DELETE', '/api/cleanup_old_records');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted 5 old records.', deleted: 5 });

    const inquiryNames = (await t.db.select({ name: tables.inquiries.name }).from(tables.inquiries))
      .map((r) => r.name)
      .sort();
    expect(inquiryNames).toEqual(['Old With Recent Cleaning', 'Old With Schedule', 'Recent Customer']);
    const cleaningIds = (await t.db.select({ id: tables.oneTimeCleanings.id }).from(tables.oneTimeCleanings))
      .map((r) => r.id)
      .sort();
    expect(cleaningIds).toEqual(
      [ids.recentCleaning, ids.futureCleaning, ids.undatedRecent, ids.justInside].sort(),
    );
    expect(
      (await t.db.select({ id: tables.recurringPaid.id }).from(tables.recurringPaid)).map((r) => r.id),
    ).toEqual([ids.recentPaid]);
    expect(await t.db.$count(tables.recurringPaidDates)).toBe(1);
    expect(await t.db.$count(tables.recurringPayments)).toBe(1);

    expect((await t.asAdmin('GET', '/api/old_records')).json()).toEqual([]);
    const again = await t.asAdmin('DELETE', '/api/cleanup_old_records');
    expect(again.json()).toEqual({ message: 'No records to delete.', deleted: 0 });
  });
});

describe('GET /api/total_paid_cleanings_summary', () => {
  beforeEach(clearAll);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sums paid amounts exactly to the cent', async () => {
    const id = await inquiry('Maria');
    const now = new Date();
    for (const amount of [0.1, 0.2, 19.99]) await cleaning(id, { dateTime: now, amount, paid: true });
    await cleaning(id, { dateTime: now, amount: 1000, paid: false });
    const sched = await schedule(id);
    for (const amount of [0.01, 0.02]) await paidRecord(sched, [], { amountPaid: amount, submittedAt: now });

    const res = await t.asAdmin('GET', '/api/total_paid_cleanings_summary');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = { one_time: 20.29, recurring: 0.03, total: 20.32 };
    expect(body.this_month).toEqual(expected);
    expect(body.this_year).toEqual(expected);
    expect(body.all_time).toEqual(expected);
    expect(body.by_month).toHaveLength(12);
    expect(body.by_month.at(-1)).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), ...expected });
  });

  it('follows edits, moves and deletions, and refills its sums when they were lost (a crash, a restore)', async () => {
    const id = await inquiry('Maria');
    const now = new Date();
    const unpaid = await cleaning(id, { dateTime: now, amount: 50, paid: false });
    const paid = await cleaning(id, { dateTime: now, amount: 30, paid: true });
    const sched = await schedule(id);
    const record = await paidRecord(sched, [], { amountPaid: 7, submittedAt: now });
    const summary = async () => (await t.asAdmin('GET', '/api/total_paid_cleanings_summary')).json();
    expect((await summary()).this_month).toEqual({ one_time: 30, recurring: 7, total: 37 });

    await t.db
      .update(tables.oneTimeCleanings)
      .set({ paid: true })
      .where(eq(tables.oneTimeCleanings.id, unpaid));
    await t.db
      .update(tables.oneTimeCleanings)
      .set({ amount: 31.5 })
      .where(eq(tables.oneTimeCleanings.id, paid));
    await t.db
      .update(tables.recurringPaid)
      .set({ amountPaid: 7.25 })
      .where(eq(tables.recurringPaid.id, record));
    expect((await summary()).this_month).toEqual({ one_time: 81.5, recurring: 7.25, total: 88.75 });

    // Moved to 13 months ago: out of this month, still in all time.
    const longAgo = new Date(now.getTime() - 400 * 24 * 60 * 60 * 1000);
    await t.db
      .update(tables.oneTimeCleanings)
      .set({ dateTime: longAgo })
      .where(eq(tables.oneTimeCleanings.id, unpaid));
    await t.db.delete(tables.recurringPaid).where(eq(tables.recurringPaid.id, record));
    const moved = await summary();
    expect(moved.this_month).toEqual({ one_time: 31.5, recurring: 0, total: 31.5 });
    expect(moved.all_time).toEqual({ one_time: 81.5, recurring: 0, total: 81.5 });

    // An unlogged table comes back empty after a crash; a restore leaves it without its 'built' row.
    await t.db.execute(sql`delete from revenue_buckets`);
    expect(await summary()).toEqual(moved);
  });

  it('counts months and years as the business calendar does (America/New_York)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-15T17:00:00Z'));
    const fresh = await t.signin();
    const id = await inquiry('Maria');
    const sched = await schedule(id);
    // 2026-12-01T03:00Z is 10 p.m. on 30 November in New York.
    await cleaning(id, { dateTime: new Date('2026-12-01T03:00:00Z'), amount: 10, paid: true });
    await cleaning(id, { dateTime: new Date('2026-12-01T05:00:00Z'), amount: 20, paid: true });
    // 2027-01-01T02:00Z is still New Year's Eve 2026 in New York.
    await paidRecord(sched, [], { amountPaid: 40, submittedAt: new Date('2027-01-01T02:00:00Z') });
    await paidRecord(sched, [], { amountPaid: 80, submittedAt: new Date('2027-01-01T05:00:00Z') });
    // 13 months back: outside the by_month window, inside all time.
    await cleaning(id, { dateTime: new Date('2025-12-10T15:00:00Z'), amount: 160, paid: true });
    // Paid but undated: all time only.
    await cleaning(id, { dateTime: null, amount: 320, paid: true });

    const res = await t.injectAs(fresh)('GET', '/api/total_paid_cleanings_summary');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.by_month.map((m: { month: string }) => m.month)).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    const month = (key: string) => body.by_month.find((m: { month: string }) => m.month === key);
    expect(month('2026-11')).toEqual({ month: '2026-11', one_time: 10, recurring: 0, total: 10 });
    expect(month('2026-12')).toEqual({ month: '2026-12', one_time: 20, recurring: 40, total: 60 });
    expect(month('2027-01')).toEqual({ month: '2027-01', one_time: 0, recurring: 80, total: 80 });
    expect(body.this_month).toEqual({ one_time: 0, recurring: 80, total: 80 });
    expect(body.this_year).toEqual({ one_time: 0, recurring: 80, total: 80 });
    expect(body.all_time).toEqual({ one_time: 510, recurring: 120, total: 630 });
  });
});

describe('every hub route requires the admin', () => {
  const routes: Array<[Method, string]> = [
    ['GET', '/api/inquiries'],
    ['PATCH', '/api/inquiries/1'],
    ['DELETE', '/api/inquiries/1'],
    ['GET', '/api/one_time_cleanings'],
    ['POST', '/api/one_time_cleanings'],
    ['PATCH', '/api/one_time_cleanings/1'],
    ['DELETE', '/api/one_time_cleanings/1'],
    ['GET', '/api/recurring_payments'],
    ['POST', '/api/recurring_payments'],
    ['PATCH', '/api/recurring_payments/1'],
    ['DELETE', '/api/recurring_payments/1'],
    ['GET', '/api/recurring_paid'],
    ['POST', '/api/recurring_paid'],
    ['PATCH', '/api/recurring_paid/1'],
    ['DELETE', '/api/recurring_paid/1'],
    ['GET', '/api/cleaning_dates_summary'],
    ['GET', '/api/old_records'],
    ['DELETE', '/api/cleanup_old_records'],
    ['GET', '/api/total_paid_cleanings_summary'],
  ];
  let notAdmin: string;
  let counts: () => Promise<number[]>;
  beforeAll(async () => {
    await clearAll();
    const id = await inquiry('Target', { submittedAt: daysAgo(400) });
    await cleaning(id, { dateTime: daysAgo(200) });
    const [helper] = await t.db
      .insert(tables.users)
      .values({ username: 'helper', passwordHash: 'not-a-real-hash', role: 'cleaner' })
      .returning();
    const secret = readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8');
    notAdmin = await sessionTokens(secret, 3600).sign({ userId: helper?.id ?? 0, version: 0 });
    counts = async () => [await t.db.$count(tables.inquiries), await t.db.$count(tables.oneTimeCleanings)];
  });

  it.each(routes)('%s %s: 401 without or with a forged token, 403 for a non-admin', async (method, url) => {
    const before = await counts();
    const body = method === 'POST' || method === 'PATCH' ? { amount: 1 } : undefined;
    const none = await t.anonymous(method, url, body);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual(expect.any(String));
    expect((await t.injectAs(t.forged)(method, url, body)).statusCode).toBe(401);
    expect((await t.injectAs('garbage')(method, url, body)).statusCode).toBe(401);
    const helper = await t.injectAs(notAdmin)(method, url, body);
    expect(helper.statusCode).toBe(403);
    expect(helper.json()).toEqual({ error: 'Only the site administrator may do this.' });
    expect(await counts()).toEqual(before);
  });

  it('the admin passes the same guard', async () => {
    expect((await t.asAdmin('GET', '/api/old_records')).statusCode).toBe(200);
    expect(await t.db.$count(tables.users, eq(tables.users.username, 'admin'))).toBe(1);
  });
});
