/**
 * `npm run screenshots`: the pictures the README shows, taken from the built app (`npm run build` first) with its
 * demo content in Debian's chromium, so they show what the code does today. Writes JPEG files into docs/images/
 * (photos and gradients make PNGs of 0.5–1 MB; JPEG at quality 80 keeps each well under 300 KB).
 */

import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { freePort } from '../apps/server/test/support/child';
import { startServerProcess } from '../apps/server/test/support/server-process';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';

const PASSWORD = 'screenshots-password';
const out = path.resolve(import.meta.dirname, '../docs/images');
mkdirSync(out, { recursive: true });

const port = await freePort();
const server = await startServerProcess(
  {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clean-screenshots-')),
    DEMO_CONTENT: '1',
    ADMIN_PASSWORD: PASSWORD,
    NODE_ENV: 'production',
  },
  { compiled: true },
);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** Tall enough for the whole month grid. */
const HUB: BrowserContextOptions = { viewport: { width: 1280, height: 1080 } };

async function shoot(page: Page, name: string) {
  const file = path.join(out, name);
  await page.screenshot({ path: file, type: 'jpeg', quality: 80 });
  console.log(`${path.relative(process.cwd(), file)}  ${Math.round(statSync(file).size / 1024)} KB`);
}

/** A context whose pages start signed in as the admin (the hub reads its token from storage). */
async function signedIn(options: BrowserContextOptions) {
  const res = await fetch(`${server.url}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const context = await browser.newContext({ ...options, baseURL: server.url });
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return context;
}

try {
  for (const [name, options] of [
    ['home-phone.jpg', PHONE],
    ['home-desktop.jpg', DESKTOP],
  ] as const) {
    const context = await browser.newContext({ ...options, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('.carousel[data-ready]').waitFor({ state: 'attached' });
    await shoot(page, name);
    await context.close();
  }

  const hub = await signedIn(HUB);
  const page = await hub.newPage();
  await page.goto('/contact-center', { waitUntil: 'networkidle' });
  await page.getByRole('tabpanel').first().waitFor();
  await page.locator('.rbc-calendar').waitFor();
  await shoot(page, 'hub-agenda.jpg');
  await page.getByRole('tab', { name: 'Manage' }).click();
  await page.waitForURL(/tab=manage/);
  await page.waitForLoadState('networkidle');
  await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
  await shoot(page, 'hub-manage.jpg');
  await hub.close();
} finally {
  await browser.close();
  await server.stop();
}
