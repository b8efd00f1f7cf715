import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens, users } from '../../src/db/schema';
import { sessionTokens } from '../../src/features/auth/tokens';
import { ADMIN_PASSWORD, createTestApp, forgedToken, type TestApp } from '../support/harness';
import { resetTokenFrom } from '../support/mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token?: string) => t.injectAs(token)('GET', '/api/user');

async function requestReset(): Promise<string> {
  const before = t.sent.length;
  const res = await t.anonymous('POST', '/forgot_password', { username: 'admin' });
  expect(res.statusCode).toBe(200);
  // The mail leaves through the outbox, woken by its own queueing.
  await vi.waitFor(() => expect(t.sent.length).toBe(before + 1), { timeout: 5_000, interval: 20 });
  const mail = t.sent.at(-1);
  expect(mail?.to).toBe(t.config.adminEmail);
  expect(mail?.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
  return resetTokenFrom(mail?.text ?? '');
}

describe('sign-in', () => {
  it('gives a token for the right password and the user behind it, never the hash', async () => {
    const res = await t.anonymous('POST', '/signin', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const user = await me(token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      id: expect.any(Number),
      username: 'admin',
      email: t.config.adminEmail,
      is_admin: true,
    });
    expect(user.body).not.toMatch(/hash|argon/i);
  });

  it('refuses a wrong password or an unknown user with the same 401', async () => {
    const wrong = await t.anonymous('POST', '/signin', { username: 'admin', password: 'nope-nope' });
    const unknown = await t.anonymous('POST', '/signin', { username: 'ghost', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires username and password, naming the missing field', async () => {
    const noUser = await t.anonymous('POST', '/signin', { password: 'x' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error).toMatch(/username/i);
    const noPassword = await t.anonymous('POST', '/signin', { username: 'admin', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toMatch(/password/i);
  });

  it('answers bad JSON with a 400, not a 5xx', async () => {
    const res = await t.anonymous('POST', '/signin', '{"username":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/JSON/);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('GET /api/user', () => {
  it('refuses no token, a forged token, an expired token and a garbage header', async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await forgedToken();
    expect((await me(forged)).statusCode).toBe(401);
    // The secret generated at first start lives in DATA_DIR, as the server keeps it.
    const secret = readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8');
    const expired = await sessionTokens(secret, -10).sign({ userId: 1, version: 0 });
    const valid = await sessionTokens(secret, 60).sign({ userId: 1, version: 0 });
    expect((await me(valid)).statusCode).toBe(200);
    expect((await me(expired)).statusCode).toBe(401);
    const garbage = await t.anonymous('GET', '/api/user', undefined, {
      headers: { authorization: 'Token abc' },
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error).toBeTruthy();
  });
});

describe('session tokens the server would never issue', () => {
  it('are refused even when signed with the real key', async () => {
    const secret = readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8');
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const good = { sub: '1', ver: 0, iat: now, exp: now + 60 };
    expect((await me(await sign(good))).statusCode).toBe(200);
    const { exp: _exp, ...noExp } = good;
    const refused = [
      await sign(noExp),
      await sign({ ...good, iat: now + 3600 }),
      await sign({ ...good, sub: '0x1' }),
      await sign({ ...good, sub: ' 1' }),
      await sign({ ...good, sub: '1.0' }),
      await sign({ ...good, ver: 0.5 }),
      `${await sign(good)}.`,
      `${await sign(good)}=`,
    ];
    // The same signature with the spare low bits of its last character set: another string, the same bytes.
    const valid = await sign(good);
    const last = valid.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    refused.push(`${valid.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`);
    for (const token of refused) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the user exists, and mails only a real user', async () => {
    const before = t.sent.length;
    const unknown = await t.anonymous('POST', '/forgot_password', { username: 'nobody' });
    const known = await t.anonymous('POST', '/forgot_password', { username: 'admin' });
    // Queued in that order: once the real user's mail is out, a mail for the unknown one would be too.
    await vi.waitFor(() => expect(t.sent.length).toBeGreaterThan(before), { timeout: 5_000, interval: 20 });
    expect(t.sent.slice(before).map((m) => m.to)).toEqual([t.config.adminEmail]);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('requires a username', async () => {
    const res = await t.anonymous('POST', '/forgot_password', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/username/i);
  });

  it('stores the reset token hashed, never as sent', async () => {
    const token = await requestReset();
    const rows = await t.db.select().from(passwordResetTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('resets once: new password works, old fails, old sessions end, the link fails a second time', async () => {
    const oldSession = await t.signin();
    expect((await me(oldSession)).statusCode).toBe(200);
    const token = await requestReset();
    const res = await t.injectAs(token)('POST', '/reset-password', { new_password: 'a-brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful!' });

    expect(
      (await t.anonymous('POST', '/signin', { username: 'admin', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(401);
    const fresh = await t.anonymous('POST', '/signin', { username: 'admin', password: 'a-brand-new-pass' });
    expect(fresh.statusCode).toBe(200);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await me(fresh.json().token)).statusCode).toBe(200);

    const again = await t.injectAs(token)('POST', '/reset-password', { new_password: 'another-one-123' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid, expired or already used/);
    // Put the known password back for the other tests.
    const back = await requestReset();
    await t.injectAs(back)('POST', '/reset-password', { new_password: ADMIN_PASSWORD });
  });

  it('refuses an expired token, a missing token and a short password', async () => {
    const token = await requestReset();
    const short = await t.injectAs(token)('POST', '/reset-password', { new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8/);

    const missing = await t.anonymous('POST', '/reset-password', { new_password: 'long-enough-1' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('Invalid or missing token.');

    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.injectAs(token)('POST', '/reset-password', { new_password: 'long-enough-1' });
    expect(expired.statusCode).toBe(400);
    expect(
      (await t.anonymous('POST', '/signin', { username: 'admin', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('a newer reset link retires the older one', async () => {
    const first = await requestReset();
    const second = await requestReset();
    const old = await t.injectAs(first)('POST', '/reset-password', { new_password: 'long-enough-2' });
    expect(old.statusCode).toBe(400);
    const ok = await t.injectAs(second)('POST', '/reset-password', { new_password: ADMIN_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('reset links expire within an hour', async () => {
    await requestReset();
    const [latest] = await t.db
      .select()
      .from(passwordResetTokens)
      .orderBy(passwordResetTokens.id)
      .limit(1)
      .offset((await t.db.$count(passwordResetTokens)) - 1);
    const lifetime = (latest?.expiresAt.getTime() ?? 0) - (latest?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(50 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });
});
