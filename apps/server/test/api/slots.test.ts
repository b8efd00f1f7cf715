import type { Visit, VisitConflict } from '@clean/shared';
import { DEFAULT_WORKING_HOURS } from '@clean/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  holds,
  inquiries,
  mailOutbox,
  oneTimeCleanings,
  recurringPayments,
  visitExceptions,
} from '../../src/db/schema';
import { NOT_OFFERED, SLOT_TAKEN } from '../../src/features/slots/service';
import { booking, records } from '../support/fixtures';
import { useTestApp } from '../support/harness';

/**
 * Open times (GET /api/slots) and the holds booking requests put on them (docs/product.md#open-times-and-holds): the
 * grid, visits and holds with the travel buffer, recurring requests across the DST changes, the switch, twenty
 * requests for one time, and the owner's confirm and decline on the Agenda. The dates are in 2027: beyond the 24
 * hours' notice today.
 */
const t = useTestApp({ timezone: 'America/New_York' });

const request = { ...booking, name: 'Jamie Doe', street_address: '12 Oak St' };

beforeEach(async () => {
  await t.db.delete(holds);
  await t.db.delete(visitExceptions);
  await records(t).clearAll();
  expect((await t.asAdmin('PUT', '/api/working_hours', DEFAULT_WORKING_HOURS)).statusCode).toBe(200);
  expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: true })).statusCode).toBe(200);
});

async function slots(query: string): Promise<string[]> {
  const res = await t.anonymous('GET', `/api/slots?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<string[]>();
}
const onDay = (list: string[], date: string) =>
  list.filter((s) => s.startsWith(date)).map((s) => s.slice(11, 16));
const book = (start: string, extra: object = {}) =>
  t.anonymous('POST', '/api/inquiries', { ...request, requested_start: start, ...extra });
const visits = async (from: string, to: string) => {
  const res = await t.asAdmin('GET', `/api/visits?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Visit[]>();
};
const patch = (key: string, body: object) => t.asAdmin('PATCH', `/api/visits/${key}`, body);

describe('GET /api/slots', () => {
  it('offers the working hours every 30 minutes for 21 days, with the offset of each date (DST in March)', async () => {
    const list = await slots('from=2027-03-08&duration_minutes=120');
    // 15 weekdays, 08:00 to 15:00 for a 2-hour visit.
    expect(list).toHaveLength(15 * 15);
    expect(list[0]).toBe('2027-03-08T08:00:00-05:00');
    expect(list).toContain('2027-03-12T15:00:00-05:00');
    expect(list).toContain('2027-03-15T08:00:00-04:00');
    expect(list.at(-1)).toBe('2027-03-26T15:00:00-04:00');
    expect(onDay(list, '2027-03-13')).toEqual([]);
  });

  it('leaves out visits plus the travel buffer on each side', async () => {
    const { maria } = await records(t).customers();
    // Tuesday 9 March 10:00–11:00 New York.
    await records(t).cleaning(maria, { dateTime: new Date('2027-03-09T15:00:00Z'), durationMinutes: 60 });
    const list = await slots('from=2027-03-08&duration_minutes=60');
    // A 60-minute visit needs [start − 30 min, end + 30 min) free: 09:00 ends 10:00, +30 overlaps; 11:30 is free.
    expect(onDay(list, '2027-03-09')).toEqual([
      '08:00',
      '08:30',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    // A long visit (07:00–15:00 on Wednesday) blocks from its start: only 15:30 and 16:00 remain.
    await records(t).cleaning(maria, { dateTime: new Date('2027-03-10T12:00:00Z'), durationMinutes: 480 });
    expect(onDay(await slots('from=2027-03-08&duration_minutes=60'), '2027-03-10')).toEqual([
      '15:30',
      '16:00',
    ]);
    // Two at once allowed: the time is offered again.
    expect(
      (await t.asAdmin('PUT', '/api/working_hours', { ...DEFAULT_WORKING_HOURS, max_overlap: 2 })).statusCode,
    ).toBe(200);
    const two = await slots('from=2027-03-08&duration_minutes=60');
    expect(onDay(two, '2027-03-09')).toHaveLength(17);
    expect(onDay(two, '2027-03-10')).toHaveLength(17);
  });

  it('a recurring request needs its time free on each of its next 12 visits, in wall time across November’s change', async () => {
    const { tom } = await records(t).customers();
    // Tom's weekly visit from Monday 8 November 2027 09:00 EST (after the change of 7 November).
    const created = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: tom,
      amount: 120,
      frequency: 'Weekly',
      first_visit_at: '2027-11-08T09:00',
      duration_minutes: 90,
    });
    expect(created.statusCode, created.body).toBe(201);
    const oneTime = await slots('from=2027-11-01&duration_minutes=30');
    // Monday 1 November 09:00 EDT is free once…
    expect(oneTime).toContain('2027-11-01T09:00:00-04:00');
    // …but not weekly: its second visit is 8 November 09:00 EST (wall time), Tom's. Seven days of 24 hours would
    // have put it at 08:00 EST, clear of Tom's visit.
    const weekly = await slots('from=2027-11-01&duration_minutes=30&frequency=weekly');
    expect(weekly).not.toContain('2027-11-01T09:00:00-04:00');
    // 30 minutes plus 30 of buffer each side: 08:00 and 11:00 just clear Tom's 09:00–10:30; 08:30–10:30 do not.
    expect(onDay(weekly, '2027-11-01').slice(0, 2)).toEqual(['08:00', '11:00']);
    // Tuesdays are untouched.
    expect(onDay(weekly, '2027-11-02')).toEqual(onDay(oneTime, '2027-11-02'));
    // Every 4 weeks from 1 November: 29 November, 27 December… — Tom's Mondays too.
    expect(await slots('from=2027-11-01&duration_minutes=30&frequency=every_4_weeks')).not.toContain(
      '2027-11-01T09:00:00-04:00',
    );
    // A skipped visit frees its time.
    expect(await slots('from=2027-11-08&duration_minutes=30')).not.toContain('2027-11-08T09:00:00-05:00');
    const key = `r${created.json<{ id: number }>().id}-20271108T140000Z`;
    expect((await patch(key, { status: 'skipped' })).statusCode).toBe(200);
    expect(await slots('from=2027-11-08&duration_minutes=30')).toContain('2027-11-08T09:00:00-05:00');
  });

  it('only times at least the notice ahead of now', async () => {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const list = await slots(`from=${today}&duration_minutes=60`);
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) expect(Date.parse(s)).toBeGreaterThanOrEqual(now + 24 * 3_600_000 - 60_000);
  });

  it('answers 409 with the closed message while the switch is closed, as the booking form does', async () => {
    expect((await t.asAdmin('PATCH', '/api/contact-status', { is_open: false })).statusCode).toBe(200);
    const res = await t.anonymous('GET', '/api/slots?from=2027-03-08&duration_minutes=60');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^We're not taking new booking requests right now/);
    const post = await book('2027-03-09T09:00:00-05:00');
    expect(post.statusCode).toBe(409);
    expect(post.json().error).toBe(res.json().error);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of [
      'from=2027-02-30&duration_minutes=60',
      'from=tomorrow&duration_minutes=60',
      'from=2027-03-08&duration_minutes=10',
      'from=2027-03-08&duration_minutes=721',
      'from=2027-03-08&duration_minutes=sixty',
      'from=2027-03-08&duration_minutes=60&frequency=monthly',
      'duration_minutes=60',
    ]) {
      const res = await t.anonymous('GET', `/api/slots?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toEqual(expect.any(String));
    }
  });
});

describe('a booking request holds its time', () => {
  it('holds an offered time: it leaves the open times and shows on the Agenda as requested', async () => {
    const res = await book('2027-03-09T09:00:00-05:00');
    expect(res.statusCode, res.body).toBe(201);
    const inquiryId = res.json<{ id: number }>().id;
    const [hold] = await t.db.select().from(holds);
    expect(hold).toMatchObject({ inquiryId, durationMinutes: 120, frequency: 'one_time', status: 'held' });
    expect(hold?.start.toISOString()).toBe('2027-03-09T14:00:00.000Z');
    // The owner's mail says the time asked for.
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.body).join('\n')).toContain(
      'Time asked for: March 9, 2027 at 9:00 AM (120 minutes)',
    );
    // 09:00–11:00 plus 30 minutes each side: a 2-hour visit from 06:30 to 11:00 would touch it.
    expect(onDay(await slots('from=2027-03-09&duration_minutes=120'), '2027-03-09')[0]).toBe('11:30');

    const [visit] = await visits('2027-03-09', '2027-03-09');
    expect(visit).toMatchObject({
      key: `h${hold?.id}`,
      kind: 'request',
      status: 'requested',
      inquiry_id: inquiryId,
      inquiry_name: 'Jamie Doe',
      start: '2027-03-09T14:00:00.000Z',
      end: '2027-03-09T16:00:00.000Z',
      amount: 0,
      paid: false,
      requested_frequency: 'one_time',
      one_time_cleaning_id: null,
      recurring_payment_id: null,
    });
    expect(Date.parse(visit?.hold_lapses_at ?? '')).toBe((hold?.createdAt.getTime() ?? 0) + 3 * 86_400_000);

    // The owner's own visits see it as a conflict.
    const look = await t.asAdmin('GET', '/api/visits/conflicts?start=2027-03-09T10:00&duration_minutes=60');
    expect(look.json<VisitConflict[]>()).toEqual([
      expect.objectContaining({ kind: 'overlap', key: `h${hold?.id}`, inquiry_name: 'Jamie Doe' }),
    ]);

    // The same time again: taken.
    const again = await book('2027-03-09T09:00:00-05:00');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SLOT_TAKEN });
    expect(SLOT_TAKEN).toBe('That time was just taken — please pick another.');
    expect(await t.db.$count(inquiries)).toBe(1);
  });

  it('twenty requests for one time at once: exactly one holds it, nineteen get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => book('2027-03-10T13:00:00-05:00')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ error: SLOT_TAKEN });
    expect(await t.db.$count(holds)).toBe(1);
    expect(await t.db.$count(inquiries)).toBe(1);
  });

  it('refuses a time that is no open time or within the notice (409), a malformed one (400); none at all is no hold', async () => {
    for (const start of [
      '2027-03-09T09:10:00-05:00',
      '2027-03-13T09:00:00-05:00',
      '2027-03-09T16:00:00-05:00',
      // On the grid, but in the past (within the notice): no longer offered.
      '2026-11-02T09:00:00-05:00',
    ]) {
      const res = await book(start);
      expect(res.statusCode, start).toBe(409);
      expect(res.json()).toEqual({ error: NOT_OFFERED });
    }
    for (const start of ['soon', '2027-03-09 09:00', '2027-03-09T09:00']) {
      const res = await book(start);
      expect(res.statusCode, start).toBe(400);
      expect(res.json().error).toMatch(/requested_start/);
    }
    expect(await t.db.$count(inquiries)).toBe(0);
    // "None of these — please contact me": no time, no hold.
    expect((await book('')).statusCode).toBe(201);
    expect(await t.db.$count(holds)).toBe(0);
  });

  it('the no-script form post holds the time too, and a taken one renders the refusal (409)', async () => {
    const form = (start: string) =>
      t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...request, requested_start: start }).toString(),
      });
    const first = await form('2027-03-11T14:00:00-05:00');
    expect(first.statusCode).toBe(303);
    expect(await t.db.$count(holds)).toBe(1);
    const second = await form('2027-03-11T14:00:00-05:00');
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('That time was just taken');
    expect(await t.db.$count(inquiries)).toBe(1);
  });

  it('lapses after holdDays: the time is open again and the Agenda no longer shows it', async () => {
    expect((await book('2027-03-09T09:00:00-05:00')).statusCode).toBe(201);
    // Sent four days ago (the hold is 3 days).
    await t.db.update(holds).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) });
    expect(onDay(await slots('from=2027-03-09&duration_minutes=120'), '2027-03-09')[0]).toBe('08:00');
    expect(await visits('2027-03-09', '2027-03-09')).toEqual([]);
    const [hold] = await t.db.select().from(holds);
    const late = await patch(`h${hold?.id}`, { status: 'confirmed' });
    expect(late.statusCode).toBe(409);
    expect(await t.db.$count(oneTimeCleanings)).toBe(0);
    // Another visitor may take it now.
    expect((await book('2027-03-09T09:00:00-05:00')).statusCode).toBe(201);
  });
});

describe('the owner confirms or declines a request', () => {
  it('confirm (20 at once) makes exactly one one-time cleaning at the time held; the inquiry is Booked', async () => {
    const res = await book('2027-03-09T09:00:00-05:00');
    const inquiryId = res.json<{ id: number }>().id;
    const [hold] = await t.db.select().from(holds);
    const key = `h${hold?.id}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => patch(key, { status: 'confirmed' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const keys = new Set(answers.map((a) => a.json<Visit>().key));
    expect(keys.size).toBe(1);
    const cleanings = await t.db.select().from(oneTimeCleanings);
    expect(cleanings).toHaveLength(1);
    expect(cleanings[0]).toMatchObject({ inquiryId, amount: 0, durationMinutes: 120, paid: false });
    expect(cleanings[0]?.dateTime?.toISOString()).toBe('2027-03-09T14:00:00.000Z');
    expect([...keys]).toEqual([`o${cleanings[0]?.id}`]);
    const [inquiry] = await t.db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
    expect(inquiry?.status).toBe('Booked');
    // The Agenda shows the cleaning, not the request; the time stays taken (by the cleaning now).
    expect((await visits('2027-03-09', '2027-03-09')).map((v) => v.key)).toEqual([`o${cleanings[0]?.id}`]);
    expect(onDay(await slots('from=2027-03-09&duration_minutes=120'), '2027-03-09')[0]).toBe('11:30');
    // Declining a confirmed request is refused.
    expect((await patch(key, { status: 'declined' })).statusCode).toBe(409);
  });

  it('a confirmed weekly request becomes a schedule at the quoted amount, its first visit the time held', async () => {
    const { maria } = await records(t).customers();
    const [hold] = await t.db
      .insert(holds)
      .values({
        inquiryId: maria,
        start: new Date('2027-03-09T14:00:00Z'),
        durationMinutes: 150,
        frequency: 'every_2_weeks',
        amount: 142.5,
        createdAt: new Date(),
      })
      .returning();
    const res = await patch(`h${hold?.id}`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const [schedule] = await t.db.select().from(recurringPayments);
    expect(schedule).toMatchObject({
      inquiryId: maria,
      amount: 142.5,
      frequency: 'Every 2 weeks',
      durationMinutes: 150,
    });
    expect(res.json<Visit>()).toMatchObject({
      key: `r${schedule?.id}-20270309T140000Z`,
      kind: 'recurring',
      status: 'planned',
      amount: 142.5,
      end: '2027-03-09T16:30:00.000Z',
    });
    expect((await visits('2027-03-09', '2027-03-23')).map((v) => v.start)).toEqual([
      '2027-03-09T14:00:00.000Z',
      '2027-03-23T13:00:00.000Z',
    ]);
  });

  it('decline frees the time; a declined request cannot be confirmed; other changes are refused', async () => {
    expect((await book('2027-03-09T09:00:00-05:00')).statusCode).toBe(201);
    const [hold] = await t.db.select().from(holds);
    const key = `h${hold?.id}`;
    for (const body of [
      { status: 'done' },
      { start: '2027-03-10T09:00' },
      { paid: true },
      { status: 'confirmed', paid: true },
    ]) {
      const res = await patch(key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch('o1', { status: 'confirmed' })).statusCode).toBe(404);
    const declined = await patch(key, { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Visit>()).toMatchObject({ key, kind: 'request', status: 'declined' });
    expect(onDay(await slots('from=2027-03-09&duration_minutes=120'), '2027-03-09')[0]).toBe('08:00');
    expect(await visits('2027-03-09', '2027-03-09')).toEqual([]);
    expect((await patch(key, { status: 'confirmed' })).statusCode).toBe(409);
    expect((await patch('h999999', { status: 'confirmed' })).statusCode).toBe(404);
    expect(await t.db.$count(oneTimeCleanings)).toBe(0);
  });
});

describe('the no-script booking page', () => {
  it('never offers a time just held: the page is rendered from the open times each time', async () => {
    const page = async () => (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    const times = (html: string) =>
      [...html.matchAll(/name="requested_start"[^>]*value="([^"]+)"/g)].map((m) => m[1] as string);
    const offered = times(await page());
    expect(offered.length).toBeGreaterThan(0);
    const first = offered[0] as string;
    expect((await book(first)).statusCode).toBe(201);
    const after = times(await page());
    expect(after).not.toContain(first);
    expect(after.length).toBeGreaterThan(0);
  });
});
