import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { adminToken, openAdminPage } from './admin';
import { baseUrl } from './browser';
import { E2E_ADMIN_PASSWORD } from './global';

/** fetch against the app under test. */
export const call = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, init);

/** A JSON call as the admin (or without a token when `token` is null); throws on a non-OK answer. */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token: string | null | undefined = undefined,
): Promise<T> {
  const auth = token === undefined ? await adminToken() : token;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await call(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A booking request through the public endpoint, as a visitor would send it. */
export function createInquiry(name: string, extra: Record<string, unknown> = {}) {
  return api<{ id: number; name: string }>(
    'POST',
    '/api/inquiries',
    {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      phone_number: '8605550177',
      call_or_text: 'text',
      town: 'Bristol',
      description: 'Created by the hub journeys.',
      ...extra,
    },
    null,
  );
}

/** Signs in through the form and opens the hub (not waiting out the 5 s celebration). */
export async function signInToHub(page: Page, tab?: 'manage' | 'create') {
  await page.goto('/signin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Go now' }).click();
  await page.waitForURL('**/contact-center');
  await page.getByRole('tab', { name: 'Agenda', selected: true }).waitFor();
  if (tab) await openTab(page, tab === 'manage' ? 'Manage' : 'Create Cleaning');
}

/** A page already signed in (token put in storage first), for journeys that are not about signing in. */
export async function openHubPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  path = '/contact-center',
) {
  const page = await openAdminPage(browser, options);
  await page.goto(path);
  await page.getByRole('tablist', { name: 'Contact Center sections' }).waitFor();
  return page;
}

export async function openTab(page: Page, name: 'Agenda' | 'Manage' | 'Create Cleaning' | 'Site') {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

/** Today's date in the business zone as { year, month (1-12), day }. */
export function businessToday(timeZone = 'America/New_York') {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/**
 * A customer `name`, mailed at `email`, with a weekly $95 schedule of 30-minute visits from today at `time` (HH:MM in
 * the business zone): answers the schedule's id, today's date (YYYY-MM-DD) and the visit's title on the Agenda.
 */
export async function weeklyFromToday(name: string, email: string, time: string) {
  const inquiry = await createInquiry(name, { email });
  const { year, month, day } = businessToday();
  const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const schedule = await api<{ id: number }>('POST', '/api/recurring_payments', {
    inquiry_id: inquiry.id,
    amount: 95,
    frequency: 'Weekly',
    first_visit_at: `${today}T${time}`,
    duration_minutes: 30,
  });
  return { scheduleId: schedule.id, today, title: `Visit: ${name}` };
}

/** Opens an Agenda event's panel: from its "Details of …" button on a phone, by its title on a wider screen. */
export async function visitPanel(page: Page, title: string, phone: boolean) {
  await (phone
    ? page.getByRole('button', { name: `Details of ${title}` }).first()
    : page.getByRole('button', { name: title }).first()
  ).click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.waitFor();
  return panel;
}
