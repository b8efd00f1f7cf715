import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin';
import { horizontalOverflow, PHONE, useBrowser } from '../support/browser';
import { api, call, createInquiry, openHubPage, openTab } from '../support/hub';

// Cleanup deletes every record older than 90 days, the demo's old ones included: this journey ends with none.

const stamp = Date.now().toString(36);
const BANNER = 'Database is getting large! Consider cleaning up old records.';
const TOOLTIP = 'Records older than 90 days can be deleted at the bottom of the Manage tab.';

const browser = useBrowser();
let page: Page;
let inquiryId = 0;

async function oldCount(): Promise<number> {
  const res = await call('/api/old_records?page=1&limit=1', {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return Number(res.headers.get('x-total-count'));
}

/** One-time cleanings dated 200 days ago (old records) until there are `target` old records. */
async function addOldRecordsUpTo(target: number) {
  const have = await oldCount();
  const when = new Date(Date.now() - 200 * 24 * 60 * 60 * 1000).toISOString();
  for (let i = have; i < target; i++) {
    await api('POST', '/api/one_time_cleanings', {
      inquiry_id: inquiryId,
      date_time: when,
      amount: 10,
      notes: `old ${stamp}`,
    });
  }
  expect(await oldCount()).toBe(Math.max(have, target));
}

const cleanup = () =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Cleanup Old Records' }) });
const heading = () => page.getByRole('heading', { name: 'Cleanup Old Records' });

/** Reloads the hub on the Manage tab and waits for the old-record count. */
async function showManage(expected: number) {
  await page.goto('/contact-center?tab=manage');
  await cleanup()
    .getByText(`${expected} old record${expected === 1 ? '' : 's'}`, { exact: true })
    .waitFor();
}

beforeAll(async () => {
  inquiryId = (await createInquiry(`Hub Cleanup ${stamp}`)).id;
  page = await openHubPage(browser(), { viewport: PHONE });
});

afterAll(async () => {
  if (inquiryId) await api('DELETE', `/api/inquiries/${inquiryId}?with_dependants=true`).catch(() => {});
  await page?.context().close();
});

describe('Cleanup Old Records', () => {
  it('shows the count with a green heading below 10 and a yellow one below 20, without the banner', async () => {
    const start = await oldCount();
    if (start < 10) {
      await showManage(start);
      expect(await heading().getAttribute('data-level')).toBe('green');
      expect(await heading().getAttribute('class')).toContain('text-green-700');
    }
    await addOldRecordsUpTo(15);
    const yellow = await oldCount();
    if (yellow < 20) {
      await showManage(yellow);
      expect(await heading().getAttribute('data-level')).toBe('yellow');
      expect(await heading().getAttribute('class')).toContain('text-yellow-700');
      expect(await page.getByRole('button', { name: BANNER }).count()).toBe(0);
    }
  });

  it('turns red from 20 and, above 20, shows the bouncing banner with its tooltip on every tab', async () => {
    await addOldRecordsUpTo(22);
    const count = await oldCount();
    await showManage(count);
    expect(await heading().getAttribute('data-level')).toBe('red');

    await openTab(page, 'Agenda');
    const banner = page.getByRole('button', { name: BANNER });
    await banner.waitFor();
    expect(await banner.getAttribute('title')).toBe(TOOLTIP);
    expect(await banner.getAttribute('class')).toContain('animate-bounce');
    expect(await banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('bounce');
    const tipId = await banner.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${tipId}"]`).textContent()).toBe(TOOLTIP);
    // The tooltip also shows to keyboard users.
    await banner.focus();
    expect(await page.getByRole('tooltip').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Visitors who ask for less motion get a still banner (and a bouncing one is hard to click in a test).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    // It leads to the cleanup at the bottom of the Manage tab.
    await banner.click();
    await page.getByRole('tab', { name: 'Manage', selected: true }).waitFor();
    await expect
      .poll(() => heading().evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
  });

  it("asks 'Are you sure you want to delete {n} old records?', deletes them, then says 'No records to delete.'", async () => {
    const count = await oldCount();
    await showManage(count);
    const dialog = page.getByRole('dialog', { name: 'Delete old records?' });
    const button = cleanup().getByRole('button', { name: 'Delete Old Records' });
    await button.click();
    await dialog.getByText(`Are you sure you want to delete ${count} old records?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await oldCount()).toBe(count);

    // Hold the answer to see 'Deleting...'.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/cleanup_old_records', async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    await dialog.getByRole('button', { name: 'Delete Old Records' }).click();
    await dialog.getByRole('button', { name: 'Deleting...' }).waitFor();
    release();
    const done = cleanup()
      .getByRole('status')
      .filter({ hasText: /deleted/i });
    await done.waitFor();
    expect(await done.textContent()).toContain(String(count));
    await page.unroute('**/api/cleanup_old_records');
    await cleanup().getByText('0 old records', { exact: true }).waitFor();
    expect(await heading().getAttribute('data-level')).toBe('green');
    expect(await page.getByRole('button', { name: BANNER }).count()).toBe(0);
    expect(await oldCount()).toBe(0);

    await cleanup().getByRole('button', { name: 'Delete Old Records' }).click();
    await cleanup().getByRole('status').filter({ hasText: 'No records to delete.' }).waitFor();
    expect(await dialog.count()).toBe(0);
  });
});
