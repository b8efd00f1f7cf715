import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, smsOutbox, visitReminders } from '../../src/db/schema';
import { optOutTokens, type RemindersDeps, runReminders } from '../../src/features/reminders/service';
import { resolveJwtSecret } from '../../src/lib/secrets';
import { remindersDeps } from '../../src/wiring/schedulers';
import { weeklySchedule } from '../support/fixtures';
import { createTestApp, useTestApp } from '../support/harness';
import { runOnTwoServers } from '../support/servers';
import { startSmsEndpoint } from '../support/sms';

/**
 * Visit reminders under a controllable clock (runReminders takes `now`): 72 h and 2 h before, exactly once with
 * two servers and a restart, none for a skipped visit, a moved one at its new time, across the DST weekend, the
 * latest due only after an outage, a text for a "text" customer through a local Twilio-compatible endpoint, and
 * the opt-out link.
 */
const sms = await startSmsEndpoint();
afterAll(() => sms.close());
const t = useTestApp({
  publicUrl: 'https://clean.example',
  sms: { url: sms.url, accountSid: sms.accountSid, authToken: sms.authToken, from: '+15550001111' },
  smsOutbox: { pollMs: 100, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 5 },
});

const H = 3_600_000;
const deps = (app = t.app): RemindersDeps =>
  remindersDeps(
    app.database.db,
    app.config,
    optOutTokens(resolveJwtSecret(app.config.jwtSecret, app.config.dataDir)),
  );
const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);
const run = (now: Date, app = t.app) => runReminders(deps(app), now);

async function post(url: string, payload: object) {
  const res = await t.asAdmin('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
let n = 0;
/** A customer who chose "text", with a unique e-mail and phone. */
const customer = async (how: 'text' | 'call' = 'text') => {
  n++;
  const email = `c${n}@customer.test`;
  const phone = `86055501${String(n).padStart(2, '0')}`;
  const { id } = await post('/api/inquiries', {
    name: `Customer ${n}`,
    email,
    phone_number: phone,
    call_or_text: how,
    town: 'Bristol',
  });
  return { id, email, phone: `+1${phone}` };
};
const cleaning = async (inquiryId: number, dateTime: string) =>
  post('/api/one_time_cleanings', {
    inquiry_id: inquiryId,
    date_time: dateTime,
    amount: 150,
    notify_customer: false,
  });
const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
const textsTo = (phone: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
const remindersOf = (key: string) =>
  t.db
    .select()
    .from(visitReminders)
    .where(eq(visitReminders.visitKey, key))
    .orderBy(visitReminders.createdAt);

describe('reminders 72 h and 2 h before', () => {
  it('sends each once at its time, by e-mail and text, with Reminder in the subject and an opt-out link', async () => {
    const c = await customer();
    const visit = await cleaning(c.id, '2027-03-02T09:00'); // 14:00 UTC (EST)
    const start = '2027-03-02T14:00:00Z';
    expect(await run(at(start, -72 * H - 60_000))).toBe(0);
    expect(await run(at(start, -72 * H))).toBe(1);
    expect(await run(at(start, -72 * H + 60_000))).toBe(0);
    expect(await run(at(start, -3 * H))).toBe(0);
    expect(await run(at(start, -2 * H))).toBe(1);
    expect(await run(at(start, -1 * H))).toBe(0);
    expect(await run(at(start, 60_000))).toBe(0);

    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe(
      'Reminder: your cleaning on Tuesday, March 2, 2027 at 9:00 AM EST — Bristol Eco Clean',
    );
    expect(mails[0]?.body).toContain('with Bristol Eco Clean, on Tuesday:');
    expect(mails[1]?.body).toContain('today');
    const link = /No more reminders: (https:\/\/clean\.example\/reminders\/off\?token=\S+)/.exec(
      mails[0]?.body ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(mails[0]?.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await remindersOf(`o${visit.id}`)).map((r) => r.hoursBefore)).toEqual([72, 2]);

    // The texts go out through the Twilio-compatible endpoint, as a customer who chose "text" asked.
    expect(await textsTo(c.phone)).toHaveLength(2);
    await vi.waitFor(() => expect(sms.received.filter((m) => m.to === c.phone)).toHaveLength(2), {
      timeout: 10_000,
      interval: 50,
    });
    const text = sms.received.find((m) => m.to === c.phone);
    expect(text?.from).toBe('+15550001111');
    expect(text?.body).toContain('reminder: your cleaning Tuesday, March 2, 2027 at 9:00 AM EST');
  });

  it('texts no one who chose "call"; mails them all the same', async () => {
    const c = await customer('call');
    await cleaning(c.id, '2027-04-06T09:00');
    expect(await run(at('2027-04-06T13:00:00Z', -2 * H))).toBe(1);
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(await textsTo(c.phone)).toHaveLength(0);
  });

  it('a visit booked after a reminder’s time skips it (the confirmation just went), and gets the next', async () => {
    const c = await customer();
    const start = new Date(Math.ceil((Date.now() + 30 * H) / 60_000) * 60_000);
    const visit = await post('/api/one_time_cleanings', {
      inquiry_id: c.id,
      date_time: start.toISOString(),
      amount: 150,
      notify_customer: false,
    });
    await run(new Date());
    expect(await remindersOf(`o${visit.id}`)).toHaveLength(0);
    await run(new Date(start.getTime() - 2 * H));
    expect((await remindersOf(`o${visit.id}`)).map((r) => r.hoursBefore)).toEqual([2]);
  });

  it('after an outage sends only the latest one due, never the missed one', async () => {
    const c = await customer();
    const visit = await cleaning(c.id, '2027-04-07T09:00'); // 13:00 UTC (EDT)
    // Down from before the 72 h reminder until an hour before the visit.
    expect(await run(at('2027-04-07T13:00:00Z', -1 * H))).toBe(1);
    expect((await remindersOf(`o${visit.id}`)).map((r) => r.hoursBefore)).toEqual([2]);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('with two servers at the same moment, and a restart between them', async () => {
    const c = await customer();
    const visit = await cleaning(c.id, '2027-05-04T09:00'); // 13:00 UTC
    const now = at('2027-05-04T13:00:00Z', -72 * H);
    expect(await runOnTwoServers(t, run, now)).toEqual({ together: 1, afterRestart: 0 });
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(await textsTo(c.phone)).toHaveLength(1);
    expect(await remindersOf(`o${visit.id}`)).toHaveLength(1);
  });
});

describe('skipped, moved, and DST', () => {
  it('a skipped occurrence gets none; the series goes on being reminded', async () => {
    const c = await customer();
    // Weekly on Tuesdays at 9:00 (EDT: 13:00 UTC).
    const series = await weeklySchedule(t, c.id, '2027-06-01T09:00');
    const skipped = `r${series}-20270608T130000Z`;
    expect((await t.asAdmin('PATCH', `/api/visits/${skipped}`, { status: 'skipped' })).statusCode).toBe(200);
    expect(await run(at('2027-06-08T13:00:00Z', -72 * H))).toBe(0);
    expect(await run(at('2027-06-08T13:00:00Z', -2 * H))).toBe(0);
    expect(await remindersOf(skipped)).toHaveLength(0);
    expect(await run(at('2027-06-15T13:00:00Z', -72 * H))).toBe(1);
    expect(await remindersOf(`r${series}-20270615T130000Z`)).toHaveLength(1);
  });

  it('a moved visit is reminded of its new time, at the new time’s hours', async () => {
    // (The weekly series of the other tests have visits these days too: count this visit's reminders only.)
    const c = await customer();
    const visit = await cleaning(c.id, '2027-07-06T09:00'); // 13:00 UTC
    const rows = async () =>
      (await remindersOf(`o${visit.id}`)).map((r) => [r.hoursBefore, r.startsAt.toISOString()]);
    await run(at('2027-07-06T13:00:00Z', -72 * H));
    expect(await rows()).toEqual([[72, '2027-07-06T13:00:00.000Z']]);
    // Moved a day later (to Wednesday 11:00, 15:00 UTC).
    const moved = await t.asAdmin('PATCH', `/api/visits/o${visit.id}`, {
      start: '2027-07-07T11:00',
      allow_overlap: true,
      // The owner's own move notice is not what this test counts.
      notify_customer: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The old time's 2 h: no 2 h reminder for a time the visit left; the new time is 28 h away, past its own 72 h
    // point, so the customer hears of the new time now.
    await run(at('2027-07-06T13:00:00Z', -2 * H));
    expect(await rows()).toEqual([
      [72, '2027-07-06T13:00:00.000Z'],
      [72, '2027-07-07T15:00:00.000Z'],
    ]);
    await run(at('2027-07-07T15:00:00Z', -2 * H - 1));
    expect(await rows()).toHaveLength(2);
    await run(at('2027-07-07T15:00:00Z', -2 * H));
    expect(await rows()).toEqual([
      [72, '2027-07-06T13:00:00.000Z'],
      [72, '2027-07-07T15:00:00.000Z'],
      [2, '2027-07-07T15:00:00.000Z'],
    ]);
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(3);
    expect(mails.at(-1)?.subject).toContain('Wednesday, July 7, 2027 at 11:00 AM EDT');
  });

  it('across the DST weekend: 72 h and 2 h of real time before the 9:00 visit after clocks spring forward', async () => {
    const c = await customer();
    // Weekly on Mondays at 9:00 from March 8, 2027 (EST); clocks go forward on Sunday March 14.
    const series = await weeklySchedule(t, c.id, '2027-03-08T09:00');
    const key = `r${series}-20270315T130000Z`; // 9:00 EDT is 13:00 UTC
    // 72 h before is Friday 8:00 EST (13:00 UTC), an hour "earlier" on the wall clock: real hours count.
    expect(await run(at('2027-03-12T13:00:00Z', -1))).toBe(0);
    expect(await run(at('2027-03-12T13:00:00Z'))).toBe(1);
    expect(await run(at('2027-03-15T11:00:00Z', -1))).toBe(0);
    expect(await run(at('2027-03-15T11:00:00Z'))).toBe(1);
    expect((await remindersOf(key)).map((r) => r.hoursBefore)).toEqual([72, 2]);
    const mails = await mailsTo(c.email);
    expect(mails[0]?.subject).toContain('Monday, March 15, 2027 at 9:00 AM EDT');
  });
});

describe('the day a reminder names', () => {
  it('follows the business calendar: REMINDER_HOURS=24 and =2, sent at 23:30 and at 00:30', async () => {
    const withHours = (hours: number[]): RemindersDeps => ({
      ...deps(),
      config: { ...t.config, reminderHours: hours },
    });
    const cases: [number, string, string, string][] = [
      // REMINDER_HOURS, sent at (wall time, New York), the visit, the words.
      [24, '2027-06-07T23:30', '2027-06-08T23:30', 'tomorrow'],
      [24, '2027-06-09T00:30', '2027-06-10T00:30', 'tomorrow'],
      [2, '2027-06-10T23:30', '2027-06-11T01:30', 'tomorrow'],
      [2, '2027-06-12T00:30', '2027-06-12T02:30', 'today'],
    ];
    for (const [hours, sentAt, start, words] of cases) {
      const c = await customer('call');
      await cleaning(c.id, start);
      // New York in June is EDT, four hours behind UTC.
      const now = new Date(Date.parse(`${sentAt}:00-04:00`));
      expect(await runReminders(withHours([hours]), now)).toBe(1);
      const [mail] = await mailsTo(c.email);
      expect(mail?.body, `${hours} h at ${sentAt}`).toContain(`A reminder of your cleaning with`);
      expect(mail?.body.split('\n').find((l) => l.startsWith('A reminder'))).toMatch(
        new RegExp(`, ${words}:$`),
      );
    }
  });
});

describe('opting out', () => {
  it('the link stops reminders (one click too), not confirmations; a forged token is a 404', async () => {
    const c = await customer();
    await cleaning(c.id, '2027-08-03T09:00'); // 13:00 UTC
    await run(at('2027-08-03T13:00:00Z', -72 * H));
    const [mail] = await mailsTo(c.email);
    const link = new URL(/No more reminders: (\S+)/.exec(mail?.body ?? '')?.[1] ?? '');
    const path = `${link.pathname}${link.search}`;

    const page = await t.anonymous('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('Turn reminders off');
    // Showing the page turns nothing off (mail scanners follow links).
    await run(at('2027-08-03T13:00:00Z', -2 * H));
    expect(await mailsTo(c.email)).toHaveLength(2);

    const other = await customer();
    await cleaning(other.id, '2027-08-10T09:00');
    const off = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('Reminders are off');
    await cleaning(c.id, '2027-08-10T11:00');
    await run(at('2027-08-10T13:00:00Z', -72 * H)); // the other customer's only
    expect(await mailsTo(c.email)).toHaveLength(2);
    expect(await mailsTo(other.email)).toHaveLength(1);

    // A confirmation still goes.
    await post('/api/one_time_cleanings', { inquiry_id: c.id, date_time: '2027-08-20T09:00', amount: 90 });
    expect((await mailsTo(c.email)).at(-1)?.subject).toContain('Your cleaning is booked');

    const forged = `${link.pathname}?token=${other.id}.${'A'.repeat(32)}`;
    const refused = await t.anonymous('GET', forged);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('(860) 555-0142');
    expect((await t.anonymous('POST', forged)).statusCode).toBe(404);
    expect((await t.anonymous('GET', '/reminders/off')).statusCode).toBe(404);
  });
});

describe('rows of reminders sent', () => {
  it('go a week after their visit started; a row kept is what stops the same reminder going twice', async () => {
    const c = await customer();
    const visit = await cleaning(c.id, '2027-06-01T09:00'); // 13:00 UTC (EDT)
    const start = '2027-06-01T13:00:00Z';
    const sending = at(start, -2 * H);
    // Rows of visits that started 8 days and 6 days before the pass that sends this visit's reminder.
    await t.db.insert(visitReminders).values([
      { visitKey: 'o-eight-days', hoursBefore: 2, startsAt: at(sending.toISOString(), -8 * 24 * H) },
      { visitKey: 'o-six-days', hoursBefore: 2, startsAt: at(sending.toISOString(), -6 * 24 * H) },
    ]);
    // (Other tests' series are reminded on the way too: this customer's mails tell.)
    await run(sending);
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(await remindersOf('o-eight-days')).toHaveLength(0);
    expect(await remindersOf('o-six-days')).toHaveLength(1);
    expect((await remindersOf(`o${visit.id}`)).map((r) => r.hoursBefore)).toEqual([2]);
    await run(at(start, -H));
    expect(await mailsTo(c.email)).toHaveLength(1);
    // Had the visit's row been pruned too, its reminder would go again at the next tick.
    await t.db.delete(visitReminders).where(eq(visitReminders.visitKey, `o${visit.id}`));
    await run(at(start, -H + 60_000));
    expect(await mailsTo(c.email)).toHaveLength(2);
  });
});

describe('demo content', () => {
  it('reminds no one over the next three days', async () => {
    const demo = await createTestApp({}, { env: { DEMO_CONTENT: '1' } });
    try {
      const [{ count }] = (
        (await demo.db.execute(
          sql`select count(*)::int as count from one_time_cleanings where date_time > now()`,
        )) as unknown as {
          rows: { count: number }[];
        }
      ).rows as [{ count: number }];
      expect(count).toBeGreaterThan(0);
      let reminded = 0;
      for (let h = 0; h <= 72; h += 1) reminded += await run(new Date(Date.now() + h * H), demo.app);
      expect(reminded).toBe(0);
    } finally {
      await demo.close();
    }
  });
});
