import { beforeAll, describe, expect, it } from 'vitest';
import { contactStatus, inquiries, oneTimeCleanings, recurringPaid } from '../../src/db/schema';
import { records } from '../support/fixtures';
import { useTestApp } from '../support/harness';
import { expectRefused } from '../support/refusals';

// What outside probes found, each pinned down.
const t = useTestApp();
const rec = records(t);

let inquiryId: number;
let scheduleId: number;
beforeAll(async () => {
  await rec.clearAll();
  inquiryId = await rec.inquiry('Maria Gonzalez');
  scheduleId = await rec.schedule(inquiryId);
});

describe('wall times around daylight saving changes (America/New_York)', () => {
  it('refuses a time the clocks skip, naming the field and saying it does not exist', async () => {
    const gap = '2026-03-08T02:30';
    await expectRefused(
      () => t.db.$count(oneTimeCleanings),
      { status: 400, error: /^date_time: 2026-03-08 02:30 does not exist in America\/New_York/ },
      () =>
        t.asAdmin('POST', '/api/one_time_cleanings', { inquiry_id: inquiryId, amount: 100, date_time: gap }),
    );
    await expectRefused(
      () => t.db.$count(recurringPaid),
      { status: 400, error: /^dates_related: 2026-03-08 02:30 does not exist/ },
      () =>
        t.asAdmin('POST', '/api/recurring_paid', {
          recurring_payment_id: scheduleId,
          amount_paid: 100,
          dates_related: ['2026-03-01T10:00', gap],
        }),
    );
    await expectRefused(
      () => t.db.select().from(contactStatus),
      { status: 400, error: /^reopens_at: 2027-03-14 02:00 does not exist/ },
      () => t.asAdmin('PATCH', '/api/contact-status', { is_open: false, reopens_at: '2027-03-14T02:00' }),
    );
    const agenda = await t.asAdmin('GET', `/api/cleaning_dates_summary?from=${gap}`);
    expect(agenda.statusCode).toBe(400);
    expect(agenda.json().error).toMatch(/^query from: 2026-03-08 02:30 does not exist/);
  });

  it('takes the times either side of the gap, and the first of a repeated hour (fall back)', async () => {
    const create = async (date_time: string) => {
      const res = await t.asAdmin('POST', '/api/one_time_cleanings', {
        inquiry_id: inquiryId,
        amount: 1,
        date_time,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ date_time: string }>().date_time;
    };
    expect(await create('2026-03-08T01:59')).toBe('2026-03-08T06:59:00.000Z');
    expect(await create('2026-03-08T03:00')).toBe('2026-03-08T07:00:00.000Z');
    // 1:30 happens twice on 1 November 2026: the first, still daylight time (UTC-4).
    expect(await create('2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    // With an offset a time is an instant, whatever the zone's clocks do.
    expect(await create('2026-03-08T02:30-05:00')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('lists a weekly 02:30 visit at 03:30 EDT on the spring-forward Sunday, and back at 02:30 the week after', async () => {
    const created = await t.asAdmin('POST', '/api/recurring_payments', {
      inquiry_id: inquiryId,
      amount: 100,
      frequency: 'Weekly',
      first_visit_at: '2027-03-07T02:30',
      notify_customer: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const visits = await t.asAdmin('GET', '/api/visits?from=2027-03-07&to=2027-03-21');
    const starts = visits
      .json<{ recurring_payment_id: number | null; start: string }[]>()
      .filter((v) => v.recurring_payment_id === id)
      .map((v) => v.start);
    // 07:30 UTC is 02:30 EST, then 03:30 EDT (02:30 does not exist that day), then 02:30 EDT.
    expect(starts).toEqual([
      '2027-03-07T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-21T06:30:00.000Z',
    ]);
    // Typed, the same wall time is refused, naming the field.
    const moved = await t.asAdmin('PATCH', `/api/visits/r${id}-20270321T063000Z`, {
      start: '2027-03-14T02:30',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toMatch(/^start: 2027-03-14 02:30 does not exist in America\/New_York/);
  });
});

describe('smaller findings', () => {
  it('refuses a paid record without any date', async () => {
    await expectRefused(
      () => t.db.$count(recurringPaid),
      { status: 400, error: /at least one paid date/ },
      () =>
        t.asAdmin('POST', '/api/recurring_paid', {
          recurring_payment_id: scheduleId,
          amount_paid: 1,
          dates_related: [],
        }),
      () =>
        t.asAdmin('POST', '/api/recurring_paid', {
          recurring_payment_id: scheduleId,
          amount_paid: 1,
          dates_related: '',
        }),
    );
  });

  it('says an e-mail address over 254 characters is too long', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(email.length).toBeGreaterThan(254);
    await expectRefused(
      () => t.db.$count(inquiries),
      { status: 400, error: /^Email must be at most 254 characters\.$/ },
      () =>
        t.anonymous('POST', '/api/inquiries', {
          name: 'Long Mail',
          email,
          phone_number: '8605550199',
          call_or_text: 'text',
          town: 'Plainville',
          description: 'x',
        }),
    );
  });

  it('refuses half a surrogate pair instead of storing U+FFFD', async () => {
    const body = (name: string) =>
      `{"name":"${name}","phone_number":"8605550199","call_or_text":"text","town":"Plainville","description":"x"}`;
    for (const name of ['Ana \\ud800', 'Ana \\udc00 Lopez', '\\udfff']) {
      await expectRefused(
        () => t.db.$count(inquiries),
        { status: 400, error: /valid Unicode/ },
        () =>
          t.anonymous('POST', '/api/inquiries', body(name), {
            headers: { 'content-type': 'application/json' },
          }),
      );
    }
    // A whole pair (an emoji) is text like any other.
    const ok = await t.anonymous('POST', '/api/inquiries', body('Ana \\ud83d\\ude00'), {
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().name).toBe('Ana 😀');
  });

  it('marks the owner’s JSON reads, the session and errors no-store; public reads keep their own policy', async () => {
    for (const url of [
      '/api/inquiries',
      '/api/calendar_feed',
      '/api/user',
      '/api/recurring_payments/overdue',
    ]) {
      const res = await t.asAdmin('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.anonymous('GET', '/api/inquiries');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const pkgs = await t.anonymous('GET', '/api/packages');
    expect(pkgs.headers['cache-control']).not.toBe('no-store');
  });
});
