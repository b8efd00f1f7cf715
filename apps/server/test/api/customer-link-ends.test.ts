import type { Visit } from '@clean/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerLinksStore } from '../../src/features/customer-link/store';
import { CROSS_SITE } from '../../src/lib/same-origin';
import { customerPages, textOf } from '../support/customer-pages';
import { useTestApp } from '../support/harness';

/**
 * Where a customer's link ends and what its forms refuse: 410 once revoked, once its inquiry is deleted, and 30
 * days after the last visit (never while a schedule runs); a move past the last day offered or within the notice;
 * posts from another site; a client guessing tokens in parallel. The clock is the test's: 1 March 2027, noon in
 * New York.
 */
let clock = new Date('2027-03-01T17:00:00Z');
const t = useTestApp(
  { publicUrl: 'https://clean.example', timezone: 'America/New_York' },
  { clock: () => clock },
);

beforeEach(() => {
  clock = new Date('2027-03-01T17:00:00Z');
});
const pages = customerPages(t, '10.1.0');
const { get, post, created } = pages;
let people = 0;
/** A customer (no e-mail: no mail to wait for) with one visit at `wall` (New York), and a link of theirs. */
async function customerWith(
  visit: { date_time: string } | { first_visit_at: string; frequency: string },
): Promise<{ id: number; rowId: number; path: string; key: string }> {
  const inquiry = await created('/api/inquiries', { name: `Customer ${++people}`, town: 'Bristol' });
  const row =
    'date_time' in visit
      ? await created('/api/one_time_cleanings', { inquiry_id: inquiry.id, amount: 150, ...visit })
      : await created('/api/recurring_payments', { inquiry_id: inquiry.id, amount: 120, ...visit });
  const token = await customerLinksStore(t.db).issue(inquiry.id);
  expect(token).not.toBeNull();
  const start = new Date(`${'date_time' in visit ? visit.date_time : visit.first_visit_at}:00-05:00`);
  const compact = `${start.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const key = 'date_time' in visit ? `o${row.id}` : `r${row.id}-${compact}`;
  return { id: inquiry.id, rowId: row.id, path: `/visit/${token}`, key };
}
async function visitsOn(from: string, to: string): Promise<Visit[]> {
  const res = await t.asAdmin('GET', `/api/visits?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Visit[]>();
}
/** The 410 page: no script, the business's phone, and the same for the page and its forms. */
async function expectEnded(path: string, key: string) {
  for (const res of [await get(path), await post(`${path}/visits/${key}/cancel`)]) {
    expect(res.statusCode).toBe(410);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = textOf(res.body);
    expect(html).toContain('This link has ended');
    expect(html).toContain('(860) 555-0142');
    expect(html).not.toContain('<script');
  }
}

describe('a link ends', () => {
  it('30 days after the last visit: 200 the moment before, 410 from then on, and no move happens', async () => {
    const ann = await customerWith({ date_time: '2027-03-09T10:00' }); // 15:00 UTC
    clock = new Date('2027-04-08T14:59:00Z');
    expect((await get(ann.path)).statusCode).toBe(200);
    clock = new Date('2027-04-08T15:00:00Z');
    await expectEnded(ann.path, ann.key);
    const [visit] = (await visitsOn('2027-03-09', '2027-03-09')).filter((v) => v.key === ann.key);
    expect(visit?.status).toBe('planned');
    // A new visit of theirs is a new last visit: the same link works again.
    await created('/api/one_time_cleanings', {
      inquiry_id: ann.id,
      amount: 90,
      date_time: '2027-04-20T10:00',
    });
    expect((await get(ann.path)).statusCode).toBe(200);
  });

  it('never while a schedule of theirs runs, however long after its first visit', async () => {
    const bob = await customerWith({ first_visit_at: '2027-03-10T09:00', frequency: 'Weekly' });
    clock = new Date('2029-06-01T16:00:00Z');
    expect((await get(bob.path)).statusCode).toBe(200);
  });

  it('when the owner revokes it: 410, not 404', async () => {
    const cal = await customerWith({ date_time: '2027-03-09T11:00' });
    expect((await t.asAdmin('DELETE', `/api/inquiries/${cal.id}/link`)).statusCode).toBe(204);
    await expectEnded(cal.path, cal.key);
  });

  it('when its inquiry is deleted: 410 for the page and its forms', async () => {
    const dee = await customerWith({ date_time: '2027-03-11T11:00' });
    const deleted = await t.asAdmin('DELETE', `/api/inquiries/${dee.id}?with_dependants=true`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectEnded(dee.path, dee.key);
  });

  it('an ended link spends no misses; an unknown token still answers 404', async () => {
    const eve = await customerWith({ date_time: '2027-03-11T12:00' });
    expect((await t.asAdmin('DELETE', `/api/inquiries/${eve.id}/link`)).statusCode).toBe(204);
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await get(eve.path)).statusCode);
    expect(new Set(answers)).toEqual(new Set([410]));
    expect((await get('/visit/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});

it('200 parallel guesses from one address: exactly 20 answered 404, the rest 429, no page opened', async () => {
  const tokens = Array.from({ length: 200 }, (_, i) => `/visit/${String(i).padStart(22, 'x')}`);
  const answers = await Promise.all(tokens.map((path) => get(path)));
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
  expect(Object.fromEntries(counts)).toEqual({ 404: 20, 429: 180 });
}, 60_000);

describe('a customer’s move', () => {
  it('past the last day offered (a year from today) or within the notice: 409 with a sentence, nothing moved', async () => {
    const fay = await customerWith({ date_time: '2027-03-09T13:00' });
    const tooFar = [
      '2028-02-29T14:00:00.000Z', // Tuesday 9:00 EST, the day after the last offered (Monday 28 February 2028)
      '2999-03-09T14:00:00.000Z',
    ];
    for (const start of tooFar) {
      const res = await post(`${fay.path}/visits/${fay.key}/reschedule`, { start });
      expect(res.statusCode, start).toBe(409);
      expect(textOf(res.body)).toContain('We book no further ahead than Monday, February 28, 2028');
    }
    // Tuesday 9:00 EST: 21 hours away, the notice is 24.
    const soon = await post(`${fay.path}/visits/${fay.key}/reschedule`, {
      start: '2027-03-02T14:00:00.000Z',
    });
    expect(soon.statusCode).toBe(409);
    expect(textOf(soon.body)).toContain('That time is less than 24 hours away');
    const [still] = (await visitsOn('2027-03-09', '2027-03-09')).filter((v) => v.key === fay.key);
    expect(still?.start).toBe('2027-03-09T18:00:00.000Z');

    // The last day offered itself is fine (Friday 19 March, 9:00 EDT).
    const inside = await post(`${fay.path}/visits/${fay.key}/reschedule`, {
      start: '2027-03-19T13:00:00.000Z',
    });
    expect(inside.statusCode, inside.body).toBe(303);
  });

  it('the owner’s moves are not bound by the horizon', async () => {
    const gus = await customerWith({ date_time: '2027-03-10T13:00' });
    const moved = await t.asAdmin('PATCH', `/api/visits/${gus.key}`, { start: '2027-09-16T15:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Visit>().start).toBe('2027-09-16T19:00:00.000Z');
  });
});

describe('the link’s forms refuse posts from another site', () => {
  it('403 for a foreign Origin or a Sec-Fetch-Site other than same-origin; our own page passes', async () => {
    const hal = await customerWith({ date_time: '2027-03-12T13:00' });
    const cancel = `${hal.path}/visits/${hal.key}/cancel`;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://clean.example', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await post(cancel, {}, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(textOf(res.body)).toContain(CROSS_SITE);
    }
    const [still] = (await visitsOn('2027-03-12', '2027-03-12')).filter((v) => v.key === hal.key);
    expect(still?.status).toBe('planned');

    const ours = await post(
      cancel,
      { confirm: '1' },
      { origin: 'https://clean.example', 'sec-fetch-site': 'same-origin' },
    );
    expect(ours.statusCode, ours.body).toBe(303);
    const [cancelled] = (await visitsOn('2027-03-12', '2027-03-12')).filter((v) => v.key === hal.key);
    expect(cancelled?.status).toBe('cancelled');
  });

  it('the host the request came to counts as ours (the page reached through a proxy)', async () => {
    const ivy = await customerWith({ date_time: '2027-03-12T14:00' });
    const res = await post(
      `${ivy.path}/visits/${ivy.key}/cancel`,
      { confirm: '1' },
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
    );
    expect(res.statusCode, res.body).toBe(303);
  });
});
