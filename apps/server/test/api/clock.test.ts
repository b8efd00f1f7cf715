import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clockRecords } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';
import { addCleaner } from '../support/team';

let now = new Date('2026-12-03T14:00:00Z');
const t = useTestApp({}, { clock: () => now });

const HOUR = 3_600_000;
const tap = (key: string) => ({ headers: { 'idempotency-key': key } });

/** A cleaner with two visits of theirs today (9:00 and 13:00 New York) and another cleaner's. */
async function setUp() {
  const ana = await addCleaner(t, { name: 'Ana' });
  const ben = await addCleaner(t, { name: 'Ben' });
  const r = records(t);
  const home = await r.inquiry('Maria Gonzalez');
  const first = `o${await r.cleaning(home, { dateTime: new Date('2026-12-03T14:00:00Z'), cleanerId: ana.id })}`;
  const second = `o${await r.cleaning(home, { dateTime: new Date('2026-12-03T18:00:00Z'), cleanerId: ana.id })}`;
  const bens = `o${await r.cleaning(home, { dateTime: new Date('2026-12-03T14:00:00Z'), cleanerId: ben.id })}`;
  const rows = () => t.db.select().from(clockRecords).where(eq(clockRecords.userId, ana.id));
  return { ana, ben, first, second, bens, rows };
}

describe('clock in and out', () => {
  it('clocks in and out by the server’s time', async () => {
    now = new Date('2026-12-03T14:02:00Z');
    const { ana, first } = await setUp();
    const opened = await ana.as('POST', `/api/my/visits/${first}/clock-in`, {}, tap('in-1'));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      key: first,
      clock_in_at: '2026-12-03T14:02:00.000Z',
      clock_out_at: null,
      recorded_offline: false,
    });
    now = new Date('2026-12-03T16:05:00Z');
    const closed = await ana.as('POST', `/api/my/visits/${first}/clock-out`, undefined, tap('out-1'));
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      id: opened.json().id,
      clock_out_at: '2026-12-03T16:05:00.000Z',
      recorded_offline: false,
    });
  });

  it('takes an offline tap’s own time, marked recorded offline; a replay counts once', async () => {
    now = new Date('2026-12-03T20:00:00Z');
    const { ana, second, rows } = await setUp();
    const body = { at: '2026-12-03T13:01' }; // wall time in New York: 18:01 UTC
    const [a, b] = await Promise.all([
      ana.as('POST', `/api/my/visits/${second}/clock-in`, body, tap('offline-in')),
      ana.as('POST', `/api/my/visits/${second}/clock-in`, body, tap('offline-in')),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ clock_in_at: '2026-12-03T18:01:00.000Z', recorded_offline: true });
    const out = { at: '2026-12-03T19:30:00Z' };
    const closed = await ana.as('POST', `/api/my/visits/${second}/clock-out`, out, tap('offline-out'));
    expect(closed.json()).toMatchObject({ out_recorded_offline: true, in_recorded_offline: true });
    // The phone sends its queue again, an hour later: the same answers, nothing new.
    now = new Date(now.getTime() + HOUR);
    const again = await ana.as('POST', `/api/my/visits/${second}/clock-in`, body, tap('offline-in'));
    expect(again.json()).toEqual(closed.json());
    const outAgain = await ana.as('POST', `/api/my/visits/${second}/clock-out`, out, tap('offline-out'));
    expect(outAgain.json()).toEqual(closed.json());
    expect(await rows()).toHaveLength(1);
  });

  it('keeps one open clock a person: two clock-ins at once, one 409 (five rounds)', async () => {
    now = new Date('2026-12-03T14:00:00Z');
    for (let round = 0; round < 5; round++) {
      const { ana, first, second, rows } = await setUp();
      const answers = await Promise.all([
        ana.as('POST', `/api/my/visits/${first}/clock-in`, {}, tap('a')),
        ana.as('POST', `/api/my/visits/${second}/clock-in`, {}, tap('b')),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(refused?.json().error).toMatch(/clocked in at another visit/);
      expect(await rows()).toHaveLength(1);
    }
  });

  it('refuses a clock-in on a cancelled visit', async () => {
    now = new Date('2026-12-03T14:00:00Z');
    const { ana, rows } = await setUp();
    const r = records(t);
    const home = await r.inquiry('Tom Reilly');
    const cancelled = `o${await r.cleaning(home, { dateTime: now, cleanerId: ana.id, cancelledAt: now })}`;
    await expectRefused(rows, { status: 409, error: /cancelled/ }, () =>
      ana.as('POST', `/api/my/visits/${cancelled}/clock-in`, {}, tap('c')),
    );
  });

  it('refuses bad taps and another’s visit, changing nothing', async () => {
    now = new Date('2026-12-03T14:00:00Z');
    const { ana, first, second, bens, rows } = await setUp();
    const url = `/api/my/visits/${first}/clock-in`;
    await expectRefused(
      rows,
      { status: 400 },
      () => ana.as('POST', url, {}),
      () => ana.as('POST', url, {}, tap('x'.repeat(101))),
      () => ana.as('POST', url, { at: '2026-12-03T14:00:01Z' }, tap('future')),
      () => ana.as('POST', url, { at: '2026-12-03T01:59:00Z' }, tap('too-old')),
      () => ana.as('POST', url, { at: 'soon' }, tap('bad')),
      () => ana.as('POST', url, { at: '2026-12-03T13:00:00Z', extra: 1 }, tap('extra')),
    );
    await expectRefused(rows, { status: 404 }, () =>
      ana.as('POST', `/api/my/visits/${bens}/clock-in`, {}, tap('theirs')),
    );
    await expectRefused(rows, { status: 401 }, () => t.anonymous('POST', url, {}, tap('anon')));
    await expectRefused(rows, { status: 409, error: /not clocked in/ }, () =>
      ana.as('POST', `/api/my/visits/${second}/clock-out`, {}, tap('no-clock')),
    );
    // 12 hours old is still taken.
    const oldest = await ana.as('POST', url, { at: '2026-12-03T02:00:00Z' }, tap('oldest'));
    expect(oldest.statusCode, oldest.body).toBe(200);
    await t.db.update(clockRecords).set({ clockInAt: new Date('2026-12-03T05:00:00Z') });
    await expectRefused(rows, { status: 400, error: /before your clock-in/ }, () =>
      ana.as('POST', `/api/my/visits/${first}/clock-out`, { at: '2026-12-03T04:00:00Z' }, tap('early')),
    );
    await expectRefused(rows, { status: 409, error: /another visit/ }, () =>
      ana.as('POST', `/api/my/visits/${second}/clock-in`, {}, tap('oldest')),
    );
  });
});
