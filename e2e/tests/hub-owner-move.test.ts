import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { DESKTOP, horizontalOverflow, useBrowser } from '../support/browser';
import { api, businessToday, createInquiry, openHubPage } from '../support/hub';

/**
 * docs/api.md, "The owner's move tells the customer": the owner moves a schedule's visit from the Agenda's panel
 * with "Tell the customer" ticked (the default), and the customer is mailed the new time with the series' calendar
 * file, the moved visit as its own RECURRENCE-ID. At 390 and 1280 px; screenshots to SCREENSHOT_DIR.
 */
const browser = useBrowser();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/week-shots';
const PHONE_390 = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

type Mail = { to: string; subject?: string; text: string; attachments?: { content?: string }[] };

/** The mails in the outbox folder to `email`. */
function mailsTo(email: string): Mail[] {
  const outbox = path.join(inject('dataDir'), 'outbox');
  return readdirSync(outbox)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as Mail)
    .filter((mail) => mail.to === email);
}

/** The mail telling the customer of the move (the request's and the confirmation's come first). */
const movedMail = (email: string) =>
  mailsTo(email).find((m) => m.subject?.startsWith('Your cleaning is moved'));

async function panelOf(page: Page, title: string, phone: boolean) {
  await (phone
    ? page.getByRole('button', { name: `Details of ${title}` }).first()
    : page.getByRole('button', { name: title }).first()
  ).click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.waitFor();
  return panel;
}

for (const [label, viewport, hour] of [
  ['390', PHONE_390, '06'],
  ['1280', DESKTOP, '05'],
] as const) {
  it(`at ${label} px: the owner moves a visit and the customer is told, with the series' calendar file`, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const name = `Moved ${label} ${stamp}`;
    const email = `moved-${label}-${stamp}@example.com`;
    const inquiry = await createInquiry(name, { email });
    const { year, month, day } = businessToday();
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    // Early, before the working hours: first in the day's cell, and no other journey's visit near it.
    const schedule = await api<{ id: number }>('POST', '/api/recurring_payments', {
      inquiry_id: inquiry.id,
      amount: 95,
      frequency: 'Weekly',
      first_visit_at: `${today}T${hour}:00`,
      duration_minutes: 30,
    });
    const title = `Visit: ${name}`;
    try {
      await expect.poll(() => movedMail(email)).toBeUndefined();
      const page = await openHubPage(browser(), { viewport, reducedMotion: 'reduce' });
      const panel = await panelOf(page, title, label === '390');
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

      const moved = movedMail(email) as Mail;
      expect(moved.subject).toMatch(/^Your cleaning is moved: /);
      expect(moved.text).toContain(`:30 AM E`);
      const ics = JSON.stringify(moved.attachments ?? []);
      expect(ics).toContain('RRULE:FREQ=WEEKLY');
      expect(ics).toContain(`RECURRENCE-ID;TZID=America/New_York:${today.replace(/-/g, '')}T${hour}0000`);
      expect(ics).toContain(`series-${schedule.id}@`);
    } finally {
      await api('DELETE', `/api/recurring_payments/${schedule.id}?with_dependants=true`);
    }
  }, 120_000);
}
