import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Visit } from '@clean/shared';
import { expect, inject, it } from 'vitest';
import { DESKTOP, horizontalOverflow, openPage, PHONE_390, useBrowser } from '../support/browser';
import { personalLink } from '../support/outbox';
import * as visitor from '../support/public';

/**
 * A customer's personal link (docs/product.md#the-customers-link) in Chromium with JavaScript off: the link from the
 * confirmation opens their visits, "Move to another time" lists the open times, and picking one moves the visit.
 */
const browser = useBrowser();

/** A weekday `days` or more days ahead (local date fields; the server reads it in the business zone). */
function weekdayAhead(days = 10): string {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

it('opens the link without script, moves the visit into an open time and shows it moved', async () => {
  const email = `link-${Date.now()}@customer.test`;
  const inquiry = await visitor.api<{ id: number }>('POST', '/api/inquiries', {
    admin: true,
    body: { name: 'Lina Link', email, phone_number: '8605550177', call_or_text: 'call', town: 'Bristol' },
  });
  const date = weekdayAhead();
  const cleaning = await visitor.api<{ id: number }>('POST', '/api/one_time_cleanings', {
    admin: true,
    body: { inquiry_id: inquiry.body.id, amount: 140, date_time: `${date}T07:00` },
  });
  expect(cleaning.status).toBe(201);
  const key = `o${cleaning.body.id}`;
  const link = await personalLink(email);

  const page = await openPage(browser(), { javaScriptEnabled: false, viewport: PHONE_390 });
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await visitor.main(page).getByRole('heading', { name: 'Your visits', level: 1 }).waitFor();
  expect(await visitor.main(page).textContent()).toContain('7:00 AM');
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({
    path: path.join(inject('dataDir'), '..', 'customer-link-390.png'),
    fullPage: true,
  });

  await visitor.main(page).getByRole('link', { name: 'Move to another time' }).click();
  const first = visitor.main(page).getByRole('radio').first();
  await first.waitFor();
  const chosen = await first.getAttribute('value');
  await first.check();
  await page.screenshot({ path: path.join(inject('dataDir'), '..', 'customer-link-times-390.png') });
  await visitor.main(page).getByRole('button', { name: 'Move my visit' }).click();
  await page.waitForURL(/\?done=reschedule#visit-o\d+$/);
  await visitor.main(page).getByText('Your visit is moved.').waitFor();
  expect(await visitor.main(page).textContent()).not.toContain('7:00 AM');

  // The owner's week shows it at its new time.
  const day = (chosen ?? '').slice(0, 10);
  const visits = await visitor.api<Visit[]>(
    'GET',
    `/api/visits?from=${date < day ? date : day}&to=${date < day ? day : date}`,
    {
      admin: true,
    },
  );
  expect(visits.body.find((v) => v.key === key)?.start).toBe(chosen);

  await page.setViewportSize(DESKTOP);
  await page.screenshot({
    path: path.join(inject('dataDir'), '..', 'customer-link-1280.png'),
    fullPage: true,
  });
  await page.context().close();
});

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/week-shots';

const KINDS = {
  cancel: {
    verb: 'Cancel',
    status: 'Cancelled',
    button: 'Cancel this visit',
    path: '/api/one_time_cleanings',
  },
  skip: { verb: 'Skip', status: 'Skipped', button: 'Skip this visit', path: '/api/recurring_payments' },
} as const;

for (const [label, viewport, ahead] of [
  ['390', PHONE_390, 12],
  ['1280', DESKTOP, 14],
] as const) {
  for (const action of ['cancel', 'skip'] as const) {
    const kind = KINDS[action];
    it(`at ${label} px without script: ${action} asks first, lands on the visit's card, and Undo puts it back`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      const email = `undo-${action}-${label}-${Date.now()}@customer.test`;
      const inquiry = await visitor.api<{ id: number }>('POST', '/api/inquiries', {
        admin: true,
        body: { name: 'Una Undo', email, phone_number: '8605550178', call_or_text: 'call', town: 'Bristol' },
      });
      // A one-time visit at 7:30, or the first of a weekly schedule at 1:30 PM: apart, so neither's undo finds the
      // other's visit in its time.
      const at = `${weekdayAhead(ahead)}T${action === 'cancel' ? '07' : '13'}:30`;
      const made = await visitor.api<{ id: number }>('POST', kind.path, {
        admin: true,
        body:
          action === 'cancel'
            ? { inquiry_id: inquiry.body.id, amount: 140, date_time: at }
            : { inquiry_id: inquiry.body.id, amount: 140, first_visit_at: at, frequency: 'Weekly' },
      });
      expect(made.status).toBe(201);
      const page = await openPage(browser(), { javaScriptEnabled: false, viewport });
      await page.goto(await personalLink(email));
      const main = visitor.main(page);
      expect(await main.textContent()).toContain(`and undo a ${action} until then`);
      // The first card: the visit itself, or the schedule's first.
      const id = await main.locator('li[id^="visit-"]').first().getAttribute('id');
      const card = page.locator(`[id="${id}"]`);

      await card.getByRole('button', { name: kind.button }).click();
      await page.waitForURL(/#confirm$/);
      const question = main.getByRole('heading', {
        name: new RegExp(`^${kind.verb} your cleaning on .+ at \\d+:30 [AP]M\\?$`),
      });
      await question.waitFor();
      await page.screenshot({ path: path.join(SHOTS, `customer-${action}-asks-${label}.png`) });

      await main.getByRole('button', { name: `Yes, ${action} it` }).click();
      await page.waitForURL(new RegExp(`\\?done=${action}#${id}$`));
      // The card, with its status and its Undo, is where the page opens (not its top).
      await card.getByText(kind.status, { exact: true }).waitFor();
      const box = await card.boundingBox();
      expect(box && box.y >= 0 && box.y < viewport.height).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `customer-${action}-card-${label}.png`) });

      await card.getByRole('button', { name: `Undo the ${action}` }).click();
      await page.waitForURL(new RegExp(`\\?done=undo#${id}$`));
      await main.getByText('Your visit is back on.').waitFor();
      expect(await card.getByText(kind.status, { exact: true }).count()).toBe(0);
      await card.getByRole('button', { name: kind.button }).waitFor();
      await page.screenshot({
        path: path.join(SHOTS, `customer-${action}-undone-${label}.png`),
        fullPage: true,
      });
      await page.context().close();
    });
  }
}
