import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { mailOutbox, smsOutbox } from '../../src/db/schema';
import { enqueueMails } from '../../src/lib/outbox';
import { enqueueSms } from '../../src/lib/sms';
import { useTestApp } from '../support/harness';
import { startSmsEndpoint } from '../support/sms';

/**
 * The one outbox engine (lib/outbox-engine.ts) on its three channels: text messages end to end through a local
 * peer that speaks Twilio's API, each sent exactly once by two servers, and the dead letter (a channel that keeps
 * failing) listed for the owner by GET /api/outbox/failed.
 */
const sms = await startSmsEndpoint();
afterAll(() => sms.close());
const fast = { pollMs: 100, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3 };

const t = useTestApp(
  {
    sms: { url: sms.url, accountSid: sms.accountSid, authToken: sms.authToken, from: '+15550001111' },
    smsOutbox: fast,
    outbox: fast,
    // Nothing listens on port 1: every mail fails (the dead letter's test).
    smtpUrl: 'smtp://127.0.0.1:1',
  },
  { realMailer: true },
);

const until = (check: () => Promise<boolean> | boolean, timeout = 10_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 50 });

describe('text messages', () => {
  beforeAll(() => {
    sms.received.length = 0;
  });

  it('go to the Twilio-compatible endpoint with basic auth and To/From/Body, each exactly once from two servers', async () => {
    const other = await buildApp(t.config, {
      database: t.database,
      databaseUrl: (t.database as { url?: string }).url,
    });
    await other.ready();
    try {
      const messages = Array.from({ length: 12 }, (_, i) => ({
        to: `+1860555${String(1000 + i)}`,
        body: `Hi ${i}`,
      }));
      await enqueueSms(t.db, messages);
      await until(() => sms.received.length >= 12);
      await until(async () => (await t.db.select().from(smsOutbox)).every((r) => r.sentAt !== null));
      expect(sms.received.map((m) => m.to).sort()).toEqual(messages.map((m) => m.to).sort());
      expect(new Set(sms.received.map((m) => m.to)).size).toBe(12);
      expect(sms.received.every((m) => m.from === '+15550001111')).toBe(true);
      expect(sms.received.find((m) => m.to === '+18605551003')?.body).toBe('Hi 3');
    } finally {
      await other.close();
    }
  });

  it('a refused one (wrong credentials) is retried with back-off, then listed as failed for the owner', async () => {
    const wrong = await buildApp(
      {
        ...t.config,
        sms: { ...(t.config.sms as NonNullable<typeof t.config.sms>), authToken: 'not-the-token' },
      },
      { database: t.database, databaseUrl: (t.database as { url?: string }).url },
    );
    await t.app.smsOutbox.stop(); // only the misconfigured server sends
    await wrong.ready();
    try {
      const before = sms.refused();
      await enqueueSms(t.db, [{ to: '+18605559999', body: 'Never arrives' }]);
      await until(async () => {
        const res = await t.asAdmin('GET', '/api/outbox/failed');
        return res.json().messages.some((m: { channel: string }) => m.channel === 'sms');
      });
      expect(sms.refused() - before).toBe(fast.maxAttempts);
      const failed = (await t.asAdmin('GET', '/api/outbox/failed')).json();
      const row = failed.messages.find((m: { channel: string }) => m.channel === 'sms');
      expect(row).toMatchObject({ to: '+18605559999', summary: 'Never arrives', attempts: 3 });
      expect(row.last_error).toMatch(/401/);
      expect(sms.received.some((m) => m.to === '+18605559999')).toBe(false);
    } finally {
      await wrong.close();
      t.app.smsOutbox.start();
    }
  });
});

describe('the dead letter', () => {
  it('a mail that keeps failing ends in GET /api/outbox/failed with its count; nothing else is listed', async () => {
    await enqueueMails(t.db, [
      { to: 'customer@example.test', subject: 'Your cleaning is booked', text: 'Hi' },
    ]);
    await until(async () => (await t.asAdmin('GET', '/api/outbox/failed')).json().count === 2, 20_000);
    const res = await t.asAdmin('GET', '/api/outbox/failed');
    expect(res.statusCode).toBe(200);
    const { count, messages } = res.json();
    expect(count).toBe(2);
    expect(messages.map((m: { channel: string }) => m.channel).sort()).toEqual(['mail', 'sms']);
    expect(messages.find((m: { channel: string }) => m.channel === 'mail')).toMatchObject({
      to: 'customer@example.test',
      summary: 'Your cleaning is booked',
      attempts: 3,
    });
    // Given up: not retried any more.
    const [row] = await t.db.select().from(mailOutbox);
    expect(row?.attempts).toBe(3);
    expect(row?.sentAt).toBeNull();
  });

  it('is the owner’s only', async () => {
    expect((await t.anonymous('GET', '/api/outbox/failed')).statusCode).toBe(401);
    expect((await t.injectAs(t.forged)('GET', '/api/outbox/failed')).statusCode).toBe(401);
  });
});

describe('sent messages', () => {
  it('are deleted 30 days after sending, when a worker starts; newer, unsent and failed ones stay', async () => {
    await t.app.outbox.stop();
    await t.app.smsOutbox.stop();
    const ago = (days: number) => sql`now() - ${`${days} days`}::interval`;
    const later = sql`now() + interval '1 day'`;
    const messages = (to: (k: string) => string) => sql`(values
      (${to('9001')}, 'sent 31 days ago', ${ago(31)}, ${ago(31)}, ${ago(31)}),
      (${to('9002')}, 'sent 29 days ago', ${ago(29)}, ${ago(29)}, ${ago(29)}),
      (${to('9003')}, 'not sent yet', null, ${ago(40)}, ${later}),
      (${to('9004')}, 'failed', null, ${ago(40)}, 'infinity')) as v ("to", body, sent_at, created_at, next_attempt_at)`;
    await t.db.execute(sql`insert into mail_outbox ("to", subject, body, sent_at, created_at, next_attempt_at)
      select "to", 'Old', body, sent_at, created_at, next_attempt_at from ${messages((k) => `${k}@prune.test`)}`);
    await t.db.execute(sql`insert into sms_outbox ("to", body, sent_at, created_at, next_attempt_at)
      select * from ${messages((k) => `+1999000${k}`)}`);
    const left = async () => {
      const mails = await t.db.select({ to: mailOutbox.to }).from(mailOutbox);
      const texts = await t.db.select({ to: smsOutbox.to }).from(smsOutbox);
      return [...mails, ...texts]
        .map((r) => r.to)
        .filter((to) => to.startsWith('+1999000') || to.endsWith('@prune.test'));
    };
    expect(await left()).toHaveLength(8);
    t.app.outbox.start();
    t.app.smsOutbox.start();
    await until(async () => (await left()).length === 6);
    expect((await left()).sort()).toEqual(
      [
        '9002@prune.test',
        '9003@prune.test',
        '9004@prune.test',
        '+19990009002',
        '+19990009003',
        '+19990009004',
      ].sort(),
    );
    await t.db.execute(sql`delete from mail_outbox where "to" like '%@prune.test'`);
    await t.db.execute(sql`delete from sms_outbox where "to" like '+1999000%'`);
  });
});
