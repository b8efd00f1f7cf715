import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { inquiries, mailOutbox } from '../../src/db/schema';
import { ADMIN_PASSWORD, injectAnonymous, injectAs, openTestDatabase } from '../support/harness';
import { logCapture } from '../support/log-capture';
import { startSmtp } from '../support/smtp';

/**
 * Owner notifications through the durable outbox, against a real SMTP peer: the mails and their fields, the
 * peer down while requests arrive (and across a restart of the app), NOTIFY_EMAIL=off, phone leads.
 */
let database: Database;
let dataDir: string;
const logLines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'clean-notify-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function config(smtpUrl: string, env: NodeJS.ProcessEnv = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      ADMIN_EMAIL: 'owner@bristol.test',
      DEMO_CONTENT: '0',
      SMTP_URL: smtpUrl,
      PUBLIC_URL: 'https://clean.example',
      ...env,
    }),
    rateLimits: { auth: 1000, publicWrite: 1000 },
    // Fast back-off so a test sees several retries in a second or two.
    outbox: { pollMs: 200, retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 1000 },
  };
}

/** The real app with the real nodemailer transport, logging at info into `logLines`. */
async function start(smtpUrl: string, env?: NodeJS.ProcessEnv) {
  const app = await buildApp(config(smtpUrl, env), { database, logger: logCapture('info', logLines).logger });
  await app.ready();
  return app;
}
type App = Awaited<ReturnType<typeof start>>;

const booking = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@visitor.test`,
  phone_number: '8605550199',
  call_or_text: 'text',
  town: 'Plainville',
  description: 'Deep clean before guests arrive.',
  ...extra,
});
const post = (app: App, payload: object, token?: string) =>
  injectAs(app, token)('POST', '/api/inquiries', payload);
const parse = (raw: string) => simpleParser(raw);
const unsent = async () => (await database.db.select().from(mailOutbox)).filter((m) => !m.sentAt).length;

describe('owner notifications over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: App;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await start(smtp.url);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  /** Posts a review as a visitor: the API's answer, and the one mail it sends the owner (its envelope, parsed). */
  async function review(body: { reviewer_name: string; rating: number; comment: string }) {
    const before = smtp.received.length;
    const res = await injectAnonymous(app)('POST', '/api/reviews', body);
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(before + 1);
    const sent = smtp.received[before];
    return { res, to: sent?.to, mail: await parse(sent?.raw ?? '') };
  }

  it('a booking request mails the owner (all fields, Reply-To, link) and acknowledges the visitor, within seconds', async () => {
    const before = smtp.received.length;
    const started = Date.now();
    const res = await post(app, booking('Jamie Doe'));
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(before + 2);
    const delayMs = Date.now() - started;
    expect(delayMs).toBeLessThan(3000);
    console.log(`owner and visitor mails delivered ${delayMs} ms after the booking request`);

    const mails = await Promise.all(smtp.received.slice(before).map((m) => parse(m.raw)));
    const envelopes = smtp.received.slice(before);
    const ownerIndex = envelopes.findIndex((m) => m.to.includes('owner@bristol.test'));
    const owner = mails[ownerIndex];
    const ack = mails[1 - ownerIndex];
    expect(owner?.subject).toBe('New booking request from Jamie Doe');
    expect(owner?.replyTo?.text).toBe('jamie@visitor.test');
    for (const expected of [
      'Name: Jamie Doe',
      'Phone: (860) 555-0199',
      'E-mail: jamie@visitor.test',
      'Prefers: Text me',
      'Town: Plainville',
      'Description:\n> Deep clean before guests arrive.',
      'https://clean.example/contact-center',
    ])
      expect(owner?.text).toContain(expected);

    expect(envelopes[1 - ownerIndex]?.to).toEqual(['jamie@visitor.test']);
    expect(ack?.subject).toContain('We received your request');
    expect(ack?.text).toContain('We received your request and will text you at (860) 555-0199');
  });

  it('a visitor without e-mail gets no acknowledgement; the owner mail has no Reply-To', async () => {
    const before = smtp.received.length;
    const res = await post(app, booking('Pat Phone', { email: null, call_or_text: 'call' }));
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(before + 1);
    const owner = await parse(smtp.received[before]?.raw ?? '');
    expect(owner.subject).toBe('New booking request from Pat Phone');
    expect(owner.replyTo).toBeUndefined();
    expect(owner.text).toContain('Prefers: Call me');
    // Nothing else is waiting to go out.
    expect(await unsent()).toBe(0);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('a review awaiting moderation mails the owner its name, rating, comment and a link to Manage', async () => {
    const { to, mail } = await review({
      reviewer_name: 'Robin Review',
      rating: 4,
      comment: 'Spotless kitchen!',
    });
    expect(to).toEqual(['owner@bristol.test']);
    expect(mail.subject).toContain('Robin Review');
    expect(mail.text).toContain('Rating: 4 of 5');
    expect(mail.text).toContain('Comment:\n> Spotless kitchen!');
    expect(mail.text).toContain('https://clean.example/contact-center?tab=manage');
  });

  it('line breaks in a name cannot forge lines in the owner’s mail; a multi-line description stays multi-line, quoted', async () => {
    const before = smtp.received.length;
    const res = await post(
      app,
      booking('Eve', {
        name: 'Eve\r\nPhone: 000-000-0000\r\nE-mail: evil@attacker.test',
        email: 'eve@visitor.test',
        description: 'Line one\r\nPhone: 111-111-1111\nLine three',
      }),
    );
    expect(res.statusCode).toBe(201);
    // One rule on both sides (the shared schema): a single-line field's whitespace runs, line breaks too, are one space.
    expect(res.json().name).toBe('Eve Phone: 000-000-0000 E-mail: evil@attacker.test');
    await smtp.waitFor(before + 2);
    const envelopes = smtp.received.slice(before);
    const owner = await parse(envelopes.find((m) => m.to.includes('owner@bristol.test'))?.raw ?? '');
    const lines = (owner.text ?? '').split(/\r?\n/);
    expect(lines.filter((l) => l.startsWith('Phone:'))).toEqual(['Phone: (860) 555-0199']);
    expect(lines.filter((l) => l.startsWith('E-mail:'))).toEqual(['E-mail: eve@visitor.test']);
    const at = lines.indexOf('Description:');
    expect(lines.slice(at, at + 4)).toEqual([
      'Description:',
      '> Line one',
      '> Phone: 111-111-1111',
      '> Line three',
    ]);
  });

  it('a reviewer’s name with a line break stays one line in the owner’s mail; the comment is quoted', async () => {
    const { res, mail } = await review({
      reviewer_name: 'Mallory\nRating: 5 of 5',
      rating: 1,
      comment: 'Awful.\nRating: 5 of 5',
    });
    expect(res.json().reviewer_name).toBe('Mallory Rating: 5 of 5');
    const lines = (mail.text ?? '').split(/\r?\n/);
    expect(lines.filter((l) => l.startsWith('Rating:'))).toEqual(['Rating: 1 of 5']);
    const at = lines.indexOf('Comment:');
    expect(lines.slice(at, at + 3)).toEqual(['Comment:', '> Awful.', '> Rating: 5 of 5']);
  });

  it('a phone lead entered by the owner sends nothing, even while the form is closed, with any status', async () => {
    const token = (
      await injectAnonymous(app)('POST', '/signin', { username: 'admin', password: ADMIN_PASSWORD })
    ).json<{ token: string }>().token;
    const closed = await injectAs(app, token)('PATCH', '/api/contact-status', { is_open: false });
    expect(closed.statusCode).toBe(200);
    const outboxBefore = await database.db.$count(mailOutbox);
    const res = await post(
      app,
      { name: 'Phone Lead', phone_number: '8605550123', status: 'Contacted' },
      token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Phone Lead', status: 'Contacted', phone_number: '8605550123' });
    expect(await database.db.$count(mailOutbox)).toBe(outboxBefore);
    // The public form stays closed.
    expect((await post(app, booking('Closed Out'))).statusCode).toBe(409);
    await injectAs(app, token)('PATCH', '/api/contact-status', { is_open: true });
  });
});

describe('the SMTP server is down while requests arrive', () => {
  it('all three mails go out once it is back, and all three inquiries are stored', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    const app = await start(`smtp://127.0.0.1:${port}`, { NOTIFY_EMAIL: 'desk@bristol.test' });
    const names = ['Down One', 'Down Two', 'Down Three'];
    for (const name of names) expect((await post(app, booking(name, { email: null }))).statusCode).toBe(201);
    for (const name of names) expect(await database.db.$count(inquiries, eqName(name))).toBe(1);
    // Retried with back-off while down: at least one failed attempt is recorded, nothing is sent.
    await waitUntil(async () => (await database.db.select().from(mailOutbox)).some((m) => m.lastError));
    expect(await unsent()).toBe(3);

    const back = await startSmtp(port);
    try {
      await back.waitFor(3, 10_000);
      const subjects = await Promise.all(back.received.map(async (m) => (await parse(m.raw)).subject));
      expect(subjects.sort()).toEqual(names.map((n) => `New booking request from ${n}`).sort());
      expect(back.received.every((m) => m.to[0] === 'desk@bristol.test')).toBe(true);
      await waitUntil(async () => (await unsent()) === 0);
    } finally {
      await app.close();
      await back.close();
    }
  });

  it('mails queued before a restart are delivered by the next run of the app', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    const first = await start(`smtp://127.0.0.1:${port}`, { NOTIFY_EMAIL: 'desk@bristol.test' });
    const names = ['Restart One', 'Restart Two', 'Restart Three'];
    for (const name of names)
      expect((await post(first, booking(name, { email: null }))).statusCode).toBe(201);
    await first.close();
    expect(await unsent()).toBe(3);

    const back = await startSmtp(port);
    const second = await start(`smtp://127.0.0.1:${port}`, { NOTIFY_EMAIL: 'desk@bristol.test' });
    try {
      await back.waitFor(3, 10_000);
      const subjects = await Promise.all(back.received.map(async (m) => (await parse(m.raw)).subject));
      expect(subjects.sort()).toEqual(names.map((n) => `New booking request from ${n}`).sort());
      for (const name of names) expect(await database.db.$count(inquiries, eqName(name))).toBe(1);
      await waitUntil(async () => (await unsent()) === 0);
      // Each mail exactly once.
      expect(back.received.length).toBe(3);
    } finally {
      await second.close();
      await back.close();
    }
  });
});

describe('acknowledgements are no spam relay', () => {
  const ackTo = (m: { to: string[] }) => !m.to.includes('owner@bristol.test');

  it('carry no text the visitor wrote, go to an address once a day, and stop at the daily cap; the owner hears of every request', async () => {
    const smtp = await startSmtp();
    const app = await start(smtp.url, { ACKNOWLEDGEMENTS_PER_DAY: '2' });
    try {
      await waitUntil(async () => (await unsent()) === 0);
      await database.db.delete(mailOutbox); // the cap counts the last 24 hours of the outbox
      const spam = 'WIN $1000 NOW at https://spam.example/claim reply';
      expect((await post(app, booking(spam, { email: 'target@victim.test' }))).statusCode).toBe(201);
      // The same address again, then two more: one acknowledgement each for the first two addresses only.
      expect((await post(app, booking('Again', { email: 'TARGET@victim.test' }))).statusCode).toBe(201);
      expect((await post(app, booking('Second Visitor'))).statusCode).toBe(201);
      expect((await post(app, booking('Third Visitor'))).statusCode).toBe(201);
      await smtp.waitFor(6);
      await waitUntil(async () => (await unsent()) === 0);
      const acks = smtp.received.filter(ackTo);
      expect(acks.map((m) => m.to)).toEqual([['target@victim.test'], ['second@visitor.test']]);
      expect(smtp.received.filter((m) => !ackTo(m))).toHaveLength(4);
      const text = (await parse(acks[0]?.raw ?? '')).text ?? '';
      expect(text).toMatch(/^Hello,\n/);
      for (const part of ['WIN', '$1000', 'spam.example', 'http']) expect(text).not.toContain(part);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('NOTIFY_EMAIL=off', () => {
  it('sends the owner nothing but still acknowledges the visitor', async () => {
    const smtp = await startSmtp();
    const app = await start(smtp.url, { NOTIFY_EMAIL: 'off' });
    try {
      expect((await post(app, booking('Quiet Owner'))).statusCode).toBe(201);
      const mail = await smtp.waitFor(1);
      expect(mail.to).toEqual(['quiet@visitor.test']);
      await waitUntil(async () => (await unsent()) === 0);
      expect(smtp.received.length).toBe(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

it('no log line carries a mail body, a session or a reset token', async () => {
  expect(logLines.length).toBeGreaterThan(0);
  for (const line of logLines) {
    expect(line).not.toMatch(/token=|Bearer |Deep clean before guests/);
  }
  // The retries were logged, naming the mail by id only.
  expect(logLines.some((l) => l.includes('will retry') && l.includes('"mailId"'))).toBe(true);
});

const eqName = (name: string) => eq(inquiries.name, name);

const waitUntil = (check: () => Promise<boolean>, timeout = 10_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 50 });
