import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl, openPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './global';

/**
 * The admin's token for API set-up and checks. Sign-in is rate-limited (10 a minute) and shared by every
 * e2e file, so the token is kept in the run's data folder and reused while the server still accepts it
 * (a password reset in another file retires it).
 */
export async function adminToken(): Promise<string> {
  const file = path.join(inject('dataDir'), 'e2e-admin-token');
  if (existsSync(file)) {
    const cached = readFileSync(file, 'utf8').trim();
    const res = await fetch(`${baseUrl()}/api/user`, { headers: { authorization: `Bearer ${cached}` } });
    if (res.ok) return cached;
  }
  const res = await fetch(`${baseUrl()}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  writeFileSync(file, token);
  return token;
}

/** A JSON call to the API; `admin` adds the admin's bearer token. Throws on a non-OK answer unless `allow`. */
export async function api<T = unknown>(
  method: string,
  pathname: string,
  options: { body?: unknown; admin?: boolean; allow?: number[] } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.admin) headers.authorization = `Bearer ${await adminToken()}`;
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : undefined) as T;
  if (!res.ok && !options.allow?.includes(res.status)) {
    throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  }
  return { status: res.status, body, headers: res.headers };
}

/** A fresh page already signed in as the admin (the token is put in storage before the app starts). */
export async function openAdminPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const token = await adminToken();
  const page = await openPage(browser, options);
  await page.addInitScript(
    ({ token, origin }) => {
      // Init scripts also run in the map's frame, whose storage is not ours.
      if (window.location.origin === origin) window.localStorage.setItem('token', token);
    },
    { token, origin: new URL(baseUrl()).origin },
  );
  return page;
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Accepts every window.confirm / window.alert and records their messages. */
export function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}
