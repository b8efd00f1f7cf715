import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/harness';
import { resetTokenFrom } from '../support/mail';
import { startSmtp } from '../support/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  // No mailer injected: the app builds its own nodemailer transport from SMTP_URL, as in production.
  t = await createTestApp(
    // Retries soon, so the SMTP-down case does not wait for the production back-off.
    { outbox: { pollMs: 2_000, retryBaseMs: 100, retryMaxMs: 500, maxAttempts: 60 } },
    { env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@bristol.test' }, realMailer: true },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const signin = (password: string) => t.anonymous('POST', '/signin', { username: 'admin', password });

it('forgot-password mails a link over SMTP that resets the password exactly once', async () => {
  const res = await t.anonymous('POST', '/forgot_password', { username: 'admin' });
  expect(res.statusCode).toBe(200);
  const mail = await smtp.waitFor(1);
  expect(mail.to).toEqual(['owner@bristol.test']);
  expect(mail.raw).toMatch(/Subject: .*reset your password/);
  const token = resetTokenFrom(mail.raw);

  const reset = await t.injectAs(token)('POST', '/reset-password', { new_password: 'mailed-new-password' });
  expect(reset.statusCode).toBe(200);
  expect((await signin('mailed-new-password')).statusCode).toBe(200);
  expect((await signin(ADMIN_PASSWORD)).statusCode).toBe(401);

  const second = await t.injectAs(token)('POST', '/reset-password', { new_password: 'yet-another-password' });
  expect(second.statusCode).toBe(400);
  expect((await signin('yet-another-password')).statusCode).toBe(401);
});

it('a reset mail that finds SMTP down is retried until it arrives', async () => {
  const { port } = smtp;
  await smtp.close();
  const res = await t.anonymous('POST', '/forgot_password', { username: 'admin' });
  expect(res.statusCode).toBe(200);
  const failed = async () => {
    const result = await t.db.execute(
      sql`select count(*)::int as n from mail_outbox where sent_at is null and last_error is not null`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
  };
  await expect.poll(failed, { timeout: 10_000 }).toBe(1);
  smtp = await startSmtp(port);
  const mail = await smtp.waitFor(1, 10_000);
  expect(mail.raw).toMatch(/Subject: .*reset your password/);
  expect(resetTokenFrom(mail.raw)).toBeTruthy();
});
