import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../support/admin';
import { DESKTOP, horizontalOverflow, openPage, PHONE, useBrowser } from '../support/browser';
import { api, call, createInquiry, openHubPage } from '../support/hub';

/**
 * The owner's side of leads and exports: a phone lead typed into Manage, the calendar feed copied from the Agenda, the
 * CSV downloads, overdue payments, and closing the booking form until a date as visitors see it on /contact.
 * Screenshots at 375 and 1280 px go to SCREENSHOT_DIR (default: a folder in the system temp dir).
 */
const stamp = Date.now().toString(36);
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'clean-e2e-screenshots');
mkdirSync(SHOTS, { recursive: true });
const DAY = 24 * 60 * 60 * 1000;

const browser = useBrowser();
afterAll(async () => {
  await api('PATCH', '/api/contact-status', { is_open: true }).catch(() => {});
});

const section = (page: Page, heading: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    .first();

async function shoot(page: Page, name: string, width: number) {
  const file = path.join(SHOTS, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** A recurring schedule for the inquiry with one paid record, for the visits the given days ago, all paid. */
async function paidSchedule(
  inquiryId: number,
  plan: { amount: number; frequency: string },
  daysAgo: number[],
) {
  const schedule = await api<{ id: number }>('POST', '/api/recurring_payments', {
    inquiry_id: inquiryId,
    ...plan,
  });
  await api('POST', '/api/recurring_paid', {
    recurring_payment_id: schedule.id,
    dates_related: daysAgo.map((days) => new Date(Date.now() - days * DAY).toISOString()),
    amount_paid: plan.amount * daysAgo.length,
  });
}

/** Opens the hub at both widths in turn. */
async function atBothWidths(run: (page: Page, width: number) => Promise<void>, path = '/contact-center') {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openHubPage(browser(), { viewport }, path);
    try {
      await run(page, viewport.width);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  }
}

describe('New Inquiry (phone leads)', () => {
  it('the owner types in a phone lead with a status; it is listed and stored, whatever the switch says', async () => {
    await api('PATCH', '/api/contact-status', { is_open: false });
    try {
      await atBothWidths(async (page, width) => {
        const name = `Phone Lead ${width} ${stamp}`;
        const inquiries = section(page, 'Inquiries');
        await inquiries.getByRole('button', { name: 'New Inquiry' }).click();
        const form = page.getByRole('form', { name: 'New Inquiry' });
        await form.getByLabel('Name').fill(name);
        await form.getByLabel('Phone Number').pressSequentially('8605550123');
        expect(await form.getByLabel('Phone Number').inputValue()).toBe('(860) 555-0123');
        await form.getByLabel('Town').selectOption('Bristol');
        await form.getByLabel('Status').selectOption('Contacted');
        await form.getByLabel('Description').fill('Called about a move-out clean.');
        await form.scrollIntoViewIfNeeded();
        await shoot(page, 'new-inquiry-form', width);
        await form.getByRole('button', { name: 'Create Inquiry' }).click();
        await form
          .getByRole('status')
          .filter({ hasText: `Inquiry from ${name} created.` })
          .waitFor();
        await inquiries.getByRole('searchbox', { name: 'Search by Name' }).fill(name);
        const card = inquiries.getByRole('article').filter({ hasText: name });
        await inquiries.getByText(/^1 inquiry$/).waitFor();
        expect(await card.textContent()).toContain('(860) 555-0123');
        await inquiries.getByText(/^1 inquiry$/).scrollIntoViewIfNeeded();
        await shoot(page, 'new-inquiry-listed', width);
        const stored = await api<Array<{ name: string; status: string; town: string }>>(
          'GET',
          `/api/inquiries?name=${encodeURIComponent(name)}`,
        );
        expect(stored).toEqual([expect.objectContaining({ name, status: 'Contacted', town: 'Bristol' })]);
      }, '/contact-center?tab=manage');
    } finally {
      await api('PATCH', '/api/contact-status', { is_open: true });
    }
  });

  it('a blank name is refused in the form, nothing stored', async () => {
    const page = await openHubPage(browser(), {}, '/contact-center?tab=manage');
    try {
      const before = (await api<unknown[]>('GET', '/api/inquiries')).length;
      await section(page, 'Inquiries').getByRole('button', { name: 'New Inquiry' }).click();
      const form = page.getByRole('form', { name: 'New Inquiry' });
      await form.getByRole('button', { name: 'Create Inquiry' }).click();
      await form.getByText('Name is required.').waitFor();
      expect((await api<unknown[]>('GET', '/api/inquiries')).length).toBe(before);
    } finally {
      await page.context().close();
    }
  });
});

describe('Agenda: calendar feed and payments overdue', () => {
  const LATE = `Late Payer ${stamp}`;
  beforeAll(async () => {
    const inquiry = await createInquiry(LATE);
    await paidSchedule(inquiry.id, { amount: 120, frequency: 'Weekly' }, [20]);
  });

  it('copies the feed address, which serves the calendar; a new address retires the old one', async () => {
    await atBothWidths(async (page, width) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const feed = section(page, 'Calendar on your phone');
      const address = feed.getByLabel('Calendar feed address (keep it private)');
      await address.waitFor();
      const url = await address.inputValue();
      expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await feed.getByRole('button', { name: 'Copy address' }).click();
      await feed.getByRole('status').filter({ hasText: 'Address copied.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      const res = await call(new URL(url).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(await res.text()).toContain('BEGIN:VCALENDAR');
      expect(await feed.textContent()).toContain('Google Calendar');
      expect(await feed.textContent()).toContain('Apple Calendar');
      await feed.scrollIntoViewIfNeeded();
      await shoot(page, 'calendar-feed', width);

      await feed.getByRole('button', { name: 'New address' }).click();
      await expect.poll(() => address.inputValue()).not.toBe(url);
      expect((await call(new URL(url).pathname)).status).toBe(404);
      expect((await call(new URL(await address.inputValue()).pathname)).status).toBe(200);
    });
  });

  it('lists the late payer under "Payments overdue" and badges the schedule card', async () => {
    await atBothWidths(async (page, width) => {
      const overdue = section(page, 'Payments overdue');
      const item = overdue.getByRole('listitem').filter({ hasText: LATE });
      await item.waitFor();
      expect(await item.textContent()).toMatch(/13 days late/);
      expect(await item.textContent()).toContain('Weekly');
      await overdue.scrollIntoViewIfNeeded();
      await shoot(page, 'payments-overdue', width);

      await page.getByRole('tab', { name: 'Manage' }).click();
      const scheduler = section(page, 'Recurring Scheduler');
      await scheduler.getByRole('searchbox', { name: 'Search by Inquiry Name' }).fill(LATE);
      const card = scheduler.getByRole('article').filter({ hasText: LATE });
      await card.getByText('Overdue', { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await shoot(page, 'overdue-badge', width);
    });
  });
});

describe('Download CSV', () => {
  const NAME = `Export Client ${stamp}`;
  beforeAll(async () => {
    const inquiry = await createInquiry(NAME);
    await createInquiry(`=HYPERLINK("http://evil.example","${stamp}")`, {
      email: `evil.${stamp}@example.com`,
    });
    await api('POST', '/api/one_time_cleanings', {
      inquiry_id: inquiry.id,
      date_time: `${new Date().getFullYear() + 1}-02-03T10:15`,
      amount: 149.5,
      notes: `export ${stamp}`,
    });
    await paidSchedule(inquiry.id, { amount: 80, frequency: 'Monthly' }, [2, 1]);
    // An old record (a cleaning dated 120 days ago), so the cleanup has something to offer whatever ran before.
    await api('POST', '/api/one_time_cleanings', {
      inquiry_id: inquiry.id,
      date_time: new Date(Date.now() - 120 * DAY).toISOString(),
      amount: 90,
      notes: `old ${stamp}`,
    });
  });

  /** Clicks a section's Download CSV and parses the file the browser saved. */
  async function download(page: Page, heading: string, label = 'Download CSV') {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section(page, heading).getByRole('button', { name: label }).click(),
    ]);
    const saved = await file.path();
    return {
      name: file.suggestedFilename(),
      rows: parse(await readFile(saved, 'utf8'), { columns: true }) as Record<string, string>[],
    };
  }

  it('each Manage section exports what its search shows, formulas neutralised', async () => {
    await atBothWidths(async (page, width) => {
      const inquiries = section(page, 'Inquiries');
      await inquiries.getByRole('searchbox', { name: 'Search by Name' }).fill(NAME);
      await inquiries.getByRole('article').filter({ hasText: NAME }).waitFor();
      const exported = await download(page, 'Inquiries');
      expect(exported.name).toBe('inquiries.csv');
      expect(exported.rows.map((r) => r.name)).toEqual([NAME]);

      await inquiries.getByRole('searchbox', { name: 'Search by Name' }).fill(`evil.example","${stamp}`);
      await inquiries.getByText(/^1 inquiry/).waitFor();
      const evil = await download(page, 'Inquiries');
      expect(evil.rows.map((r) => r.name)).toEqual([`'=HYPERLINK("http://evil.example","${stamp}")`]);
      await inquiries.scrollIntoViewIfNeeded();
      await shoot(page, 'download-csv', width);

      const cleanings = section(page, 'One-Time Cleanings');
      await cleanings.getByRole('searchbox').first().fill(`export ${stamp}`);
      await cleanings.getByRole('article').first().waitFor();
      const oneTime = await download(page, 'One-Time Cleanings');
      expect(oneTime.rows).toEqual([
        expect.objectContaining({ inquiry: NAME, amount: '149.50', paid: 'no' }),
      ]);
      expect(oneTime.rows[0]?.date).toMatch(/^\d{4}-02-03 10:15$/);

      const scheduler = section(page, 'Recurring Scheduler');
      await scheduler.getByRole('searchbox', { name: 'Search by Inquiry Name' }).fill(NAME);
      await scheduler.getByRole('article').first().waitFor();
      const schedules = await download(page, 'Recurring Scheduler');
      expect(schedules.rows).toEqual([
        expect.objectContaining({ inquiry: NAME, amount: '80.00', frequency: 'Monthly' }),
      ]);

      const paid = section(page, 'Recurring Paid Records');
      await paid.getByRole('searchbox').first().fill(NAME);
      await paid.getByRole('article').first().waitFor();
      const paidRows = await download(page, 'Recurring Paid Records');
      expect(paidRows.rows).toHaveLength(2);
      for (const r of paidRows.rows) expect(r).toMatchObject({ name: NAME, record_amount_paid: '160.00' });
    }, '/contact-center?tab=manage');
  });

  it('the cleanup confirmation offers "Download first": the list of what would be deleted', async () => {
    await atBothWidths(async (page, width) => {
      const cleanup = section(page, 'Cleanup Old Records');
      await cleanup.getByText(/^\d+ old records?$/).waitFor();
      const count = Number(
        /(\d+)/.exec((await cleanup.getByText(/^\d+ old records?$/).textContent()) ?? '')?.[1],
      );
      expect(count).toBeGreaterThan(0);
      await cleanup.getByRole('button', { name: 'Delete Old Records' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete old records?' });
      await dialog.getByText(`Are you sure you want to delete ${count} old records?`).waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download first' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe('old_records.csv');
      const rows = parse(await readFile(await file.path(), 'utf8'), { columns: true });
      expect(rows).toHaveLength(count);
      await shoot(page, 'cleanup-download-first', width);
      // Nothing was deleted by downloading; the owner can still cancel.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      const res = await call('/api/old_records?page=1&limit=1', {
        headers: { authorization: `Bearer ${await adminToken()}` },
      });
      expect(res.headers.get('x-total-count')).toBe(String(count));
    }, '/contact-center?tab=manage');
  });
});

describe('Closing the booking form until a date', () => {
  it('the owner closes it with a date and a message; /contact shows both in the business zone', async () => {
    const year = new Date().getFullYear() + 1;
    const phoneHub = await openHubPage(browser(), { viewport: PHONE }, '/contact-center?tab=manage');
    await section(phoneHub, 'Contact Form').getByLabel('Reopens on (optional)').fill(`${year}-01-04T09:00`);
    await shoot(phoneHub, 'contact-toggle-open', PHONE.width);
    expect(await horizontalOverflow(phoneHub)).toBeLessThanOrEqual(0);
    await phoneHub.context().close();
    const hub = await openHubPage(browser(), { viewport: DESKTOP }, '/contact-center?tab=manage');
    try {
      const toggle = section(hub, 'Contact Form');
      await toggle.getByRole('button', { name: 'Close Contact Form' }).waitFor();
      await toggle.getByLabel('Reopens on (optional)').fill(`${year}-01-04T09:00`);
      await toggle.getByLabel('Message for visitors (optional)').fill(`Off for the holidays ${stamp}!`);
      await shoot(hub, 'contact-toggle-open', DESKTOP.width);
      await toggle.getByRole('button', { name: 'Close Contact Form' }).click();
      await toggle.getByRole('button', { name: 'Open Contact Form' }).waitFor();
      expect(await toggle.textContent()).toContain(`closed until January 4, ${year} at 9:00 AM`);
      await shoot(hub, 'contact-toggle-closed', DESKTOP.width);

      for (const viewport of [PHONE, DESKTOP]) {
        // The visitor's browser is in Berlin; the date shown is the business's (New York) wall time.
        const visitor = await openPage(browser(), { viewport });
        await visitor.goto('/contact');
        const notice = visitor
          .getByRole('status')
          .filter({ hasText: 'We’re not taking online requests right now' });
        await notice.waitFor();
        const text = (await notice.textContent()) ?? '';
        expect(text).toContain(`Off for the holidays ${stamp}!`);
        expect(text).toContain(`We’re taking booking requests again from January 4, ${year} at 9:00 AM.`);
        expect(await visitor.locator('main form').count()).toBe(0);
        expect(await horizontalOverflow(visitor)).toBeLessThanOrEqual(0);
        await shoot(visitor, 'contact-closed-until', viewport.width);
        await visitor.context().close();
      }

      await toggle.getByRole('button', { name: 'Open Contact Form' }).click();
      await toggle.getByRole('button', { name: 'Close Contact Form' }).waitFor();
      const status = await (await call('/api/contact-status')).json();
      expect(status).toEqual({ is_open: true, reopens_at: null, message: null });
    } finally {
      await hub.context().close();
    }
  });
});
