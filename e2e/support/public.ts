import { PUBLIC_ROUTES, type Review } from '@clean/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { adminToken } from './admin';
import { baseUrl, gotoHydrated } from './browser';

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
