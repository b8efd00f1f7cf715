import { AGENDA_DAY_LIMIT, type Visit } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import ical, { type VEvent } from 'node-ical';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { MORE_THAN_SHOWN, VISITS_FEED_DAYS } from '../../src/features/calendar-feed/service';
import { injectAnonymous, useTestApp } from '../support/harness';
import { logCapture } from '../support/log-capture';

const t = useTestApp({ publicUrl: 'https://clean.example' });

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
const feedUrl = async () => {
  const res = await t.asAdmin('GET', '/api/calendar_feed');
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
};
const fetchFeed = (url: string) => t.anonymous('GET', new URL(url).pathname);
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

it('serves one VEVENT per dated one-time cleaning and per recurring paid date, in the business zone', async () => {
  const ana = await post('/api/inquiries', { name: 'Ana Lopez', phone_number: '8605550111' });
  const ben = await post('/api/inquiries', { name: 'Ben Weekly', phone_number: '8605550122' });
  await post('/api/one_time_cleanings', {
    inquiry_id: ana.id,
    date_time: '2030-03-14T09:30',
    amount: 180,
    notes: 'Key under the mat',
  });
  const schedule = await post('/api/recurring_payments', {
    inquiry_id: ben.id,
    amount: 120,
    frequency: 'Weekly',
  });
  await post('/api/recurring_paid', {
    recurring_payment_id: schedule.id,
    dates_related: ['2030-03-04T10:00', '2030-03-11T10:00'],
    amount_paid: 240,
    notes: 'Paid by check',
  });

  const url = await feedUrl();
  expect(url).toMatch(/^https:\/\/clean\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(await feedUrl()).toBe(url);
  const res = await fetchFeed(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  expect(res.body).toContain('DTSTART;TZID=America/New_York:20300314T093000');
  expect(res.body).toContain('BEGIN:VTIMEZONE');
  // RFC 5545 §3.8.7.2: DTSTAMP is a UTC time, marked Z.
  const stamps = res.body.split('\r\n').filter((l) => l.startsWith('DTSTAMP'));
  expect(stamps.length).toBeGreaterThan(0);
  for (const stamp of stamps) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);

  const parsed = events(res.body);
  expect(parsed).toHaveLength(3);
  const oneTime = parsed.find((e) => e.summary === 'One-Time: Ana Lopez');
  // 9:30 in New York in March 2030 (daylight time) is 13:30 UTC.
  expect(oneTime?.start.toISOString()).toBe('2030-03-14T13:30:00.000Z');
  expect(oneTime?.description).toContain('Phone: (860) 555-0111');
  expect(oneTime?.description).toContain('Notes: Key under the mat');
  const recurring = parsed.filter((e) => e.summary === 'Recurring: Ben Weekly');
  expect(recurring.map((e) => e.start.toISOString()).sort()).toEqual([
    '2030-03-04T15:00:00.000Z',
    '2030-03-11T14:00:00.000Z',
  ]);
  expect(recurring[0]?.description).toContain('Phone: (860) 555-0122');
  expect(new Set(parsed.map((e) => e.uid)).size).toBe(3);
});

it('rotating gives a new address; the old one answers 404 at once', async () => {
  const old = await feedUrl();
  const res = await t.asAdmin('POST', '/api/calendar_feed/rotate');
  expect(res.statusCode).toBe(200);
  const fresh = res.json<{ url: string }>().url;
  expect(fresh).not.toBe(old);
  expect(await feedUrl()).toBe(fresh);
  const refused = await fetchFeed(old);
  expect(refused.statusCode).toBe(404);
  expect(refused.json().error).toMatch(/No calendar feed/);
  expect((await fetchFeed(fresh)).statusCode).toBe(200);
});

it.each([
  ['a guessed secret', `/api/calendar/${'A'.repeat(43)}.ics`],
  ['a malformed secret', '/api/calendar/short.ics'],
  ['no extension', '/api/calendar/x'],
])('answers 404 for %s', async (_name, url) => {
  const res = await t.anonymous('GET', url);
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBeTruthy();
});

it('keeps the address for the admin only', async () => {
  for (const [method, url] of [
    ['GET', '/api/calendar_feed'],
    ['POST', '/api/calendar_feed/rotate'],
  ] as const) {
    expect((await t.anonymous(method, url)).statusCode).toBe(401);
    expect((await t.injectAs(t.forged)(method, url)).statusCode).toBe(401);
  }
});

it('never writes the secret address to the log, even at info level', async () => {
  const { lines, logger } = logCapture('info');
  // A second app on the same database, logging every request at info.
  const logged = await buildApp(t.config, { database: t.database, logger });
  try {
    const url = await feedUrl();
    const secret = /calendar\/([^.]+)\.ics$/.exec(url)?.[1] ?? '';
    expect(secret).toHaveLength(43);
    const path = new URL(url).pathname;
    expect((await injectAnonymous(logged)('GET', path)).statusCode).toBe(200);
    expect((await injectAnonymous(logged)('GET', '/api/health')).statusCode).toBe(200);
    // Near misses on any status: a trailing slash or a stray segment (404 on another route), a query.
    expect((await injectAnonymous(logged)('GET', `${path}/`)).statusCode).toBe(404);
    expect((await injectAnonymous(logged)('GET', `${path}/x`)).statusCode).toBe(404);
    await injectAnonymous(logged)('GET', `/api/calendar/${secret}`);
    await injectAnonymous(logged)('GET', `/api//calendar/${secret}.ics`);
    await injectAnonymous(logged)('GET', `/API/calendar/${secret}.ics`);
    expect((await injectAnonymous(logged)('GET', `${path}?x=1`)).statusCode).toBe(200);
    // Requests are logged (the health check and the 404s show it), the secret is not.
    expect(lines.some((l) => l.includes('/api/health'))).toBe(true);
    expect(lines.filter((l) => l.includes('"statusCode":404')).length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  } finally {
    await logged.close();
  }
});

it('lists at most AGENDA_DAY_LIMIT cleanings a day, and says so on a busier day', async () => {
  const busy = await post('/api/inquiries', { name: 'Busy Day', phone_number: '8605550133' });
  for (let i = 0; i < AGENDA_DAY_LIMIT + 2; i++) {
    const minutes = String(i).padStart(2, '0');
    await post('/api/one_time_cleanings', {
      inquiry_id: busy.id,
      date_time: `2030-06-10T08:${minutes}`,
      amount: 90,
    });
  }
  await post('/api/one_time_cleanings', { inquiry_id: busy.id, date_time: '2030-06-11T09:00', amount: 90 });

  const body = (await fetchFeed(await feedUrl())).body;
  const parsed = events(body);
  const timed = parsed.filter((e) => e.summary === 'One-Time: Busy Day');
  // The first of the day, in order; the next day's whole.
  expect(timed.map((e) => e.start.toISOString())).toEqual([
    ...Array.from(
      { length: AGENDA_DAY_LIMIT },
      (_, i) => `2030-06-10T12:${String(i).padStart(2, '0')}:00.000Z`,
    ),
    '2030-06-11T13:00:00.000Z',
  ]);
  const more = parsed.filter((e) => e.summary === MORE_THAN_SHOWN);
  expect(more).toHaveLength(1);
  // An all-day event on the business date itself (a DATE, which no reader's zone moves).
  expect(more[0]?.datetype).toBe('date');
  expect(body).toMatch(/DTSTART;VALUE=DATE:20300610\r\n/);
});

it('carries every recurring visit with its length and a UID per occurrence, following moves and skips', async () => {
  const zone = t.config.timezone;
  const day = (days: number) => format(addDays(new TZDate(Date.now(), zone), days), 'yyyy-MM-dd');
  const cara = await post('/api/inquiries', { name: 'Cara Visits', phone_number: '8605550133' });
  const schedule = await post('/api/recurring_payments', {
    inquiry_id: cara.id,
    amount: 110,
    frequency: 'Weekly',
    first_visit_at: `${day(3)}T10:00`,
    duration_minutes: 90,
  });
  const listed = await t.asAdmin('GET', `/api/visits?from=${day(0)}&to=${day(20)}`);
  const [done, skipped, moved] = listed.json<Visit[]>().filter((v) => v.recurring_payment_id === schedule.id);
  if (!done || !skipped || !moved) throw new Error('three weekly visits expected within 20 days');
  const change = (key: string, body: object) =>
    t.asAdmin('PATCH', `/api/visits/${key}`, { ...body, allow_overlap: true });
  expect((await change(done.key, { status: 'done', paid: true, confirm_early: true })).statusCode).toBe(200);
  expect((await change(skipped.key, { status: 'skipped' })).statusCode).toBe(200);
  const movedTo = await change(moved.key, { start: `${day(18)}T11:00` });
  expect(movedTo.statusCode, movedTo.body).toBe(200);

  const parsed = events((await fetchFeed(await feedUrl())).body);
  const visits = parsed.filter((e) => e.summary === 'Visit: Cara Visits');
  const byUid = new Map(visits.map((e) => [e.uid, e]));
  const uid = (key: string) => `visit-${key}@clean.example`;
  // One event per occurrence, each with the schedule's 90 minutes.
  expect(byUid.size).toBe(visits.length);
  for (const e of visits) expect((e.end?.getTime() ?? 0) - e.start.getTime()).toBe(90 * 60_000);
  expect(byUid.get(uid(done.key))?.start.toISOString()).toBe(done.start);
  expect(byUid.has(uid(skipped.key))).toBe(false);
  expect(byUid.get(uid(moved.key))?.start.toISOString()).toBe(movedTo.json<Visit>().start);
  // Done & paid: the paid record is that visit, not a second event.
  expect(parsed.filter((e) => e.summary === 'Recurring: Cara Visits')).toEqual([]);
  // Bounded: weekly visits up to VISITS_FEED_DAYS ahead, no further.
  const last = Math.max(...visits.map((e) => e.start.getTime()));
  expect(last).toBeLessThanOrEqual(Date.now() + VISITS_FEED_DAYS * 24 * 3600_000);
  expect(visits.length).toBeGreaterThanOrEqual(10);
  expect(visits.length).toBeLessThanOrEqual(14);
});

it('a visit in year 2999 costs the feed no more than one nearby: served within a second, health answering', async () => {
  const far = await post('/api/inquiries', { name: 'Far Future', phone_number: '8605550133' });
  await post('/api/one_time_cleanings', { inquiry_id: far.id, date_time: '2999-06-01T10:00', amount: 100 });
  const url = await feedUrl();
  const started = performance.now();
  const [feed, health] = await Promise.all([fetchFeed(url), t.anonymous('GET', '/api/health')]);
  // Before, the days up to the latest visit were walked one by one: 9 s for a visit in 2999.
  expect(performance.now() - started).toBeLessThan(1000);
  expect(feed.statusCode).toBe(200);
  expect(feed.body).toContain('DTSTART;TZID=America/New_York:29990601T100000');
  expect(health.statusCode).toBe(200);
});
