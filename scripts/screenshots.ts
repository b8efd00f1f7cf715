/**
 * `npm run screenshots`: the pictures the README shows, taken from the built app (`npm run build` first) with its
 * demo content in Debian's chromium, so they show what the code does today. Writes JPEG files into docs/images/
 * (photos and gradients make PNGs of 0.5–1 MB; JPEG at quality 80 keeps each well under 300 KB).
 */

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
const dataDir = mkdtempSync(path.join(tmpdir(), 'clean-screenshots-'));
const server = await startServerProcess(
  {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
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

async function adminToken() {
  const res = await fetch(`${server.url}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The owner's request to the API, answering its JSON. */
async function asOwner<T>(method: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A customer with a one-time cleaning ten days ahead, and the personal link their confirmation carries (the mails
 * of a server without SMTP are files in DATA_DIR/outbox).
 */
async function customerLink(): Promise<string> {
  const email = 'dana.whitfield@example.com';
  const inquiry = await asOwner<{ id: number }>('POST', '/api/inquiries', {
    name: 'Dana Whitfield',
    email,
    phone_number: '+1 (860) 555-0187',
    call_or_text: 'text',
    town: 'Bristol',
    street_address: '41 Maple Ave',
    zip: '06010',
  });
  const day = new Date(Date.now() + 10 * 86_400_000);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await asOwner('POST', '/api/one_time_cleanings', {
    inquiry_id: inquiry.id,
    amount: 165,
    date_time: `${date}T09:00`,
  });
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries++) {
    for (const file of readdirSync(outbox).sort().reverse()) {
      const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string };
      const match = /https?:\/\/\S+(\/visit\/[\w-]{22})/.exec(mail.text);
      if (mail.to === email && match?.[1]) return match[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no personal link was mailed');
}

/** A context whose pages start signed in as the admin (the hub reads its token from storage). */
async function signedIn(options: BrowserContextOptions) {
  const token = await adminToken();
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

  // The booking form with its price and open times, on a desktop.
  const visit = await browser.newContext({
    ...DESKTOP,
    viewport: { width: 1280, height: 1400 },
    baseURL: server.url,
  });
  const contact = await visit.newPage();
  await contact.goto('/contact', { waitUntil: 'networkidle' });
  await contact.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const form = contact.locator('main').getByRole('form', { name: 'Booking request' });
  await form.getByLabel('Name').fill('Dana Whitfield');
  await form.getByLabel('Email').fill('dana.whitfield@example.com');
  await form.getByLabel('Town').selectOption('Bristol');
  await form.getByLabel('Package').selectOption({ index: 1 });
  await form.getByLabel('Bedrooms').selectOption('3');
  await form.getByTestId('estimate-amount').waitFor();
  await form.locator('input[name="requested_start"]').first().waitFor({ state: 'attached' });
  await form.scrollIntoViewIfNeeded();
  await shoot(contact, 'contact-desktop.jpg');
  await visit.close();

  // The customer's own page on a phone, from the link in their confirmation.
  const link = await customerLink();
  const customer = await browser.newContext({ ...PHONE, baseURL: server.url });
  const own = await customer.newPage();
  await own.goto(link, { waitUntil: 'networkidle' });
  await own.getByRole('heading', { name: 'Your visits', level: 1 }).waitFor();
  await shoot(own, 'customer-phone.jpg');
  await customer.close();

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
