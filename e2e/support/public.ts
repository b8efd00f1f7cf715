import { type Inquiry, type Package, PUBLIC_ROUTES, type Review } from '@clean/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminToken } from './admin';
import { baseUrl, gotoHydrated, useBrowser } from './browser';

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

/** Accepts every window.confirm / window.alert and records their messages. */
export function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

/** What shows that each public page has its content (a new public page must name one: the compiler says so). */
const READY: Record<(typeof PUBLIC_ROUTES)[number], string> = {
  '/': '.carousel[data-ready]',
  '/packages': 'main ul li',
  '/gallery': 'main ul li',
  '/reviews': 'main ul li',
  '/contact': 'main form',
};

/** The public pages (the shared route list), each with its ready marker. */
export const PUBLIC_PAGES = PUBLIC_ROUTES.map((path) => [path, READY[path]] as const);

/** Opens each public page in turn (hydrated, content shown) and runs `check` on it. */
export async function forEachPublicPage(page: Page, check: (path: string) => Promise<void>) {
  for (const [path, ready] of PUBLIC_PAGES) {
    await gotoHydrated(page, path);
    await page.locator(ready).first().waitFor();
    await check(path);
  }
}

/**
 * Seven published reviews (the owner's, public at once) for the file's tests, so /reviews has a second page (the
 * demo has one); removed after them.
 */
export function withSecondReviewsPage(namePrefix: string) {
  const ids: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) {
      const { body } = await api<Review>('POST', '/api/reviews', {
        admin: true,
        body: { reviewer_name: `${namePrefix} ${i}`, rating: 5, comment: 'Paging filler.', photo_url: '' },
      });
      ids.push(body.id);
    }
  });
  afterAll(async () => {
    for (const id of ids) await api('DELETE', `/api/reviews/${id}`, { admin: true });
  });
}

/** The page's main landmark, where every public page puts its content. */
export const main = (page: Page) => page.locator('main');

/** The photo ids a gallery page shows, in order (each photo is a link `?photo=ID`). */
export const shownPhotoIds = (page: Page) =>
  main(page)
    .locator('ul li a[href*="photo="]')
    .evaluateAll((links) =>
      links.map((a) => Number(new URL((a as HTMLAnchorElement).href).searchParams.get('photo'))),
    );

/**
 * The one inquiry stored under `name` (read as the admin), checked to have the `expected` fields and a description
 * holding each of `described`; the caller deletes it when done.
 */
export async function expectOneInquiry(
  name: string,
  expected: Partial<Inquiry>,
  described: string[],
): Promise<Inquiry> {
  const { body } = await api<Inquiry[]>('GET', `/api/inquiries?name=${encodeURIComponent(name)}`, {
    admin: true,
  });
  expect(body).toHaveLength(1);
  const stored = body[0] as Inquiry;
  expect(stored).toMatchObject({ name, ...expected });
  for (const text of described) expect(stored.description).toContain(text);
  return stored;
}

/** On /packages: opens a package's card (a link `?package=ID`) and returns its dialog, checked to be that package. */
export async function openPackage(page: Page, pkg: Package): Promise<Locator> {
  await main(page)
    .getByRole('link', { name: new RegExp(pkg.title) })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.getByRole('heading').textContent()).toBe(pkg.title);
  return dialog;
}

/** The /contact booking form. */
export const bookingForm = (page: Page) => main(page).getByRole('form', { name: 'Booking request' });

/** Fills the booking form's fields given (the phone with "Text" as the way to reach the visitor). */
export async function fillBookingForm(
  form: Locator,
  fields: { name: string; email: string; phone?: string; town: string; street?: string; description: string },
) {
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Email').fill(fields.email);
  if (fields.phone !== undefined) {
    await form.getByLabel('Phone number').fill(fields.phone);
    await form.getByRole('radio', { name: 'Text' }).check();
  }
  await form.getByLabel('Town').selectOption(fields.town);
  // Required once a time is chosen; harmless without one.
  await form.getByLabel('Street address').fill(fields.street ?? '12 Oak St');
  await form.getByLabel('What can we help with?').fill(fields.description);
}

/**
 * The set-up the public journeys share, called at a test file's top level: one browser for the file, a stamp that
 * names the rows the file writes, and enough reviews for a second page (removed after the file).
 */
export function usePublicJourney(label: string) {
  const browser = useBrowser();
  const stamp = Date.now();
  withSecondReviewsPage(`${label} ${stamp}`);
  return { browser, stamp };
}
