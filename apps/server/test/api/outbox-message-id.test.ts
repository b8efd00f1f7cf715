import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { startSmtp } from '../support/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    {},
    {
      env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'owner@bristol.test', MAIL_FROM: 'Site <site@bristol.test>' },
      realMailer: true,
    },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const messageId = (raw: string) => /^Message-ID: (\S+)/im.exec(raw)?.[1];

it('a mail sent again (its server killed before marking it sent) keeps its Message-ID', async () => {
  const res = await t.anonymous('POST', '/api/inquiries', {
    name: 'Twice Sent',
    phone_number: '8605550100',
    town: 'Bristol',
  });
  expect(res.statusCode).toBe(201);
  const first = await smtp.waitFor(1);
  expect(messageId(first.raw)).toMatch(/^<outbox-\d+-\d+@bristol\.test>$/);
  const unsent = async () =>
    (
      (await t.db.execute(sql`select 1 from mail_outbox where sent_at is null`)) as unknown as {
        rows: unknown[];
      }
    ).rows.length;
  // Marking it sent follows the SMTP answer; under load that takes longer than poll's default 1 s (it failed so once).
  await expect.poll(unsent, { timeout: 10_000 }).toBe(0);
  // As if the server had died between the SMTP server's "accepted" and its own "sent".
  await t.db.execute(sql`update mail_outbox set sent_at = null, next_attempt_at = now()`);
  t.app.outbox.kick();
  const second = await smtp.waitFor(2);
  expect(messageId(second.raw)).toBe(messageId(first.raw));
});
