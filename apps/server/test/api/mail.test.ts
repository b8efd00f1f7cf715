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
    {},
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
