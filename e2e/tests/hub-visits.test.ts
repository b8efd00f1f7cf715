import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, horizontalOverflow, PHONE_390, useBrowser } from '../support/browser';
import { api, businessToday, createInquiry, openHubPage, openTab } from '../support/hub';

/**
 * docs/product.md#visits-and-recurrence: a recurring schedule's planned visit is on the Agenda as 'Visit: NAME'
 * (month grid, week grid, the phone list) and Done & paid takes one tap, after which the visit shows paid and a paid
 * record exists. Screenshots at 390 and 1280 px go to SCREENSHOT_DIR (default: a folder in the system temp dir).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'clean-e2e-screenshots');
mkdirSync(SHOTS, { recursive: true });
const stamp = Date.now().toString(36);
const browser = useBrowser();

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `visits-${name}.png`), fullPage: false });

type Schedule = { id: number; visits_note: string | null };
type Visit = { key: string; inquiry_name: string; status: string; paid: boolean; start: string };
type Paid = { amount_paid: number; dates: string[] };

describe('visits on the Agenda', () => {
  it('shows a planned visit in month, week and the phone list, and records it done and paid in one tap', async () => {
    const name = `Visit Tester ${stamp}`;
    const inquiry = await createInquiry(name);
    const { year, month, day } = businessToday();
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    // 7 AM: earlier than the other journeys' cleanings of the day, so the month cell shows it first.
    const schedule = await api<Schedule>('POST', '/api/recurring_payments', {
      inquiry_id: inquiry.id,
      amount: 95,
      frequency: 'Weekly',
      first_visit_at: `${today}T07:00`,
      duration_minutes: 150,
    });
    expect(schedule.visits_note).toBeNull();
    const title = `Visit: ${name}`;
    try {
      const desktop = await openHubPage(browser(), { viewport: DESKTOP });
      await desktop.locator('.rbc-month-view').waitFor();
      await desktop.getByRole('button', { name: title }).first().waitFor();
      await shoot(desktop, 'agenda-month-1280');
      await desktop.getByRole('button', { name: 'Week', exact: true }).click();
      await desktop.locator('.rbc-time-view').waitFor();
      const inWeek = desktop.getByRole('button', { name: title }).first();
      await inWeek.waitFor();
      await inWeek.scrollIntoViewIfNeeded();
      await shoot(desktop, 'agenda-week-1280');
      await inWeek.click();
      const desktopPanel = desktop.getByRole('dialog', { name: title });
      await desktopPanel.waitFor();
      // 7:00 to 9:30 New York time, whatever the browser's zone (Berlin).
      expect(await desktopPanel.textContent()).toContain('at 7:00 AM – 9:30 AM');
      await shoot(desktop, 'agenda-panel-1280');
      await desktop.context().close();

      const phone = await openHubPage(browser(), { viewport: PHONE_390, reducedMotion: 'reduce' });
      const details = phone.getByRole('button', { name: `Details of ${title}` }).first();
      await details.waitFor();
      expect(await phone.getByText('7:00 AM–9:30 AM · Visit · Bristol').count()).toBeGreaterThan(0);
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await shoot(phone, 'agenda-list-390');
      await details.click();
      const panel = phone.getByRole('dialog', { name: title });
      await panel.waitFor();
      await shoot(phone, 'agenda-panel-390');
      // One tap (even a double one) records it once.
      await panel.getByRole('button', { name: 'Done & paid' }).dblclick();
      const paidNow = panel.getByText('Done and paid: a paid record of $95.00 was made.');
      // Before 7 AM business time the visit is still ahead: the hub asks first (docs/api.md, "Done early").
      const early = panel.getByRole('button', { name: 'Mark done anyway' });
      await paidNow.or(early).first().waitFor();
      if (await early.isVisible()) await early.click();
      await paidNow.waitFor();
      expect(await panel.textContent()).toMatch(/PaidYes/);
      await shoot(phone, 'agenda-panel-paid-390');
      await panel.getByRole('button', { name: 'Close' }).click();
      // The list refreshed: today's visit now shows by its paid record.
      await phone.getByRole('button', { name: `Details of Recurring: ${name}` }).waitFor();
      // The working hours the conflicts are checked against, edited under Site.
      await openTab(phone, 'Site');
      const hours = phone.getByRole('form', { name: 'Working hours' });
      await hours.waitFor();
      expect(await hours.getByLabel('Monday span 1 from').inputValue()).toMatch(/^\d\d:\d\d$/);
      await hours.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await shoot(phone, 'working-hours-390');
      // The narrowest phone the hub is built for (hub-phone's 360 px) scrolls no more sideways.
      await phone.setViewportSize({ width: 360, height: 740 });
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await phone.context().close();

      const paid = await api<Paid[]>('GET', `/api/recurring_paid?name=${encodeURIComponent(name)}`);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.amount_paid).toBe(95);
      const visits = await api<Visit[]>('GET', `/api/visits?from=${today}&to=${today}`);
      const mine = visits.filter((v) => v.inquiry_name === name);
      expect(mine.map((v) => [v.status, v.paid])).toEqual([['done', true]]);
      expect(paid[0]?.dates).toEqual([mine[0]?.start]);
    } finally {
      await api('DELETE', `/api/recurring_payments/${schedule.id}?with_dependants=true`);
    }
  }, 120_000);

  it('lists a full day whole in the month grid, each event in a cell of its row (axe: aria-required-children)', async () => {
    // Seven cleanings on one day: more than a 500 px grid's week row shows. react-big-calendar's "+N more" link sat
    // outside any cell of the row's "row" role, and a week whose days all overflowed failed axe.
    const name = `Busy Day ${stamp}`;
    const inquiry = await createInquiry(name);
    const { year, month, day } = businessToday();
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const ids: number[] = [];
    try {
      for (const hour of [8, 9, 10, 11, 12, 13, 14]) {
        const cleaning = await api<{ id: number }>('POST', '/api/one_time_cleanings', {
          inquiry_id: inquiry.id,
          date_time: `${today}T${String(hour).padStart(2, '0')}:00`,
          amount: 80,
        });
        ids.push(cleaning.id);
      }
      const page = await openHubPage(browser(), { viewport: DESKTOP });
      await page.locator('.rbc-month-view').waitFor();
      await page
        .getByRole('button', { name: `One-Time: ${name}` })
        .nth(6)
        .waitFor();
      expect(await page.locator('.rbc-show-more').count()).toBe(0);
      const rowsWithoutCell = await page
        .locator('.rbc-month-view [role="row"]')
        .evaluateAll(
          (rows) => rows.filter((row) => !row.querySelector('[role="cell"], [role="columnheader"]')).length,
        );
      expect(rowsWithoutCell).toBe(0);
      await page.context().close();
    } finally {
      for (const id of ids) await api('DELETE', `/api/one_time_cleanings/${id}`);
    }
  }, 120_000);
});
