import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium';

export const baseUrl = () => inject('baseUrl');

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 860 };
/** The phone width the journeys with screenshots check (a common large phone). */
export const PHONE_390 = { width: 390, height: 844 };

/** Debian's chromium, with the flags this closed network needs. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
}

/**
 * One browser for the test file that calls this (at its top level): launched before its tests, closed after them.
 * Returns the browser's getter, as it exists only once the tests run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser)
      throw new Error('the browser is launched in beforeAll: call the getter inside a test or hook');
    return browser;
  };
}

/** JS file names the page downloads from now on, in order. */
export function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) names.push(pathname.split('/').pop() ?? '');
  });
  return names;
}

/** A fresh context (no stored token) and page; the browser's zone differs from the business's on purpose. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: DESKTOP,
    timezoneId: 'Europe/Berlin',
    ...options,
  });
  return context.newPage();
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Newest reset link written to the server's mail outbox. */
export function latestResetLink(): string {
  const outbox = path.join(inject('dataDir'), 'outbox');
  // Newest first; booking requests leave owner notifications in the same folder.
  for (const file of readdirSync(outbox).sort().reverse()) {
    const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { text: string };
    const match = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text);
    if (match) return match[0];
  }
  throw new Error('no reset link in the outbox');
}

export const outboxCount = () => {
  try {
    return readdirSync(path.join(inject('dataDir'), 'outbox')).length;
  } catch {
    return 0;
  }
};

/**
 * Opens a server-rendered page and waits until it has hydrated. Its content is there at once, but React and the
 * page's code load only after the first paint (apps/web/src/main.tsx), so a click or a typed key before this
 * would reach markup without handlers.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Opens `from`, waits until the app has hydrated, then follows a main-menu link: the page it reaches asks
 * the API for its data in the browser (a direct load arrives with the data already in the HTML), which is
 * what tests that fake the API answers need.
 */
export async function arriveByLink(page: Page, from: string, link: string) {
  await gotoHydrated(page, from);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
}
