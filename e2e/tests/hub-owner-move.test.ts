import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DESKTOP, horizontalOverflow, PHONE_390, useBrowser } from '../support/browser';
import { api, openHubPage, visitPanel, weeklyFromToday } from '../support/hub';
import { mailsTo, type OutboxMail } from '../support/outbox';

/**
 * docs/api.md, "The owner's move tells the customer": the owner moves a schedule's visit from the Agenda's panel
 * with "Tell the customer" ticked (the default), and the customer is mailed the new time with the series' calendar
 * file, the moved visit as its own RECURRENCE-ID. At 390 and 1280 px; screenshots to SCREENSHOT_DIR.
 */
const browser = useBrowser();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/week-shots';
const stamp = Date.now().toString(36);

/** The mail telling the customer of the move (the request's and the confirmation's come first). */
const movedMail = (email: string) =>
  mailsTo(email).find((m) => m.subject?.startsWith('Your cleaning is moved'));

for (const [label, viewport, hour] of [
  ['390', PHONE_390, '06'],
  ['1280', DESKTOP, '05'],
] as const) {
  it(`at ${label} px: the owner moves a visit and the customer is told, with the series' calendar file`, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const name = `Moved ${label} ${stamp}`;
    const email = `moved-${label}-${stamp}@example.com`;
    // Early, before the working hours: first in the day's cell, and no other journey's visit near it.
    const { scheduleId, today, title } = await weeklyFromToday(name, email, `${hour}:00`);
    try {
      await expect.poll(() => movedMail(email)).toBeUndefined();
      const page = await openHubPage(browser(), { viewport, reducedMotion: 'reduce' });
      const panel = await visitPanel(page, title, label === '390');
      await panel.getByRole('button', { name: 'Move this visit' }).click();
      const form = panel.getByRole('form', { name: 'Move this visit' });
      await form.getByLabel('New date and time').fill(`${today}T${hour}:30`);
      expect(await form.getByLabel('Tell the customer').isChecked()).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `owner-move-form-${label}.png`) });
      await form.getByRole('button', { name: 'Move visit' }).click();
      // Outside the working hours: the hub warns first, and the owner moves it anyway.
      await form.getByRole('button', { name: 'Move anyway' }).click();
      await panel.getByText(/^Moved to .+:30 AM/).waitFor();
      await expect.poll(() => movedMail(email)).toBeDefined();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `owner-move-done-${label}.png`) });
      await page.context().close();

      const moved = movedMail(email) as OutboxMail;
      expect(moved.subject).toMatch(/^Your cleaning is moved: /);
      expect(moved.text).toContain(`:30 AM E`);
      const ics = JSON.stringify(moved.attachments ?? []);
      expect(ics).toContain('RRULE:FREQ=WEEKLY');
      expect(ics).toContain(`RECURRENCE-ID;TZID=America/New_York:${today.replace(/-/g, '')}T${hour}0000`);
      expect(ics).toContain(`series-${scheduleId}@`);
    } finally {
      await api('DELETE', `/api/recurring_payments/${scheduleId}?with_dependants=true`);
    }
  }, 120_000);
}
