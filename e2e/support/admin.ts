import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, openPage } from './browser';
import { E2E_ADMIN_PASSWORD } from './global';

// One sign-in per test file. The auth journeys retire tokens with a password reset, but run in a file of
// their own, so a token kept here stays good for the file that asked for it.
let token: string | null = null;

/** The admin's bearer token, for setting up, checking and tidying data through the API. */
export async function adminToken(): Promise<string> {
  if (token) return token;
  const res = await fetch(`${baseUrl()}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  token = ((await res.json()) as { token: string }).token;
  return token;
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
