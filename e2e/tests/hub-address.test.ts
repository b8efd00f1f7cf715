import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DESKTOP, horizontalOverflow, PHONE_390, useBrowser } from '../support/browser';
import { api, businessToday, openHubPage } from '../support/hub';

/**
 * The home's address on the Agenda: a visit's details name it with a map link (a new tab) and the owner's access
 * notes, at 390 and 1280 px. Screenshots go to SCREENSHOT_DIR (default: a folder in the system temp dir).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'clean-e2e-screenshots');
mkdirSync(SHOTS, { recursive: true });
const browser = useBrowser();
const MAP = 'https://www.google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Bristol%2C%20CT%2006010';

it('shows the visit’s address with a map link and the access notes in its details', async () => {
  const name = `Address Visit ${Date.now().toString(36)}`;
  // The owner's lead: only the owner's requests take access notes.
  const inquiry = await api<{ id: number }>('POST', '/api/inquiries', {
    name,
    town: 'Bristol',
    street_address: '12 Oak St',
    zip: '06010',
    access_notes: 'Side door, code 1234',
  });
  const { year, month, day } = businessToday();
  const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const cleaning = await api<{ id: number }>('POST', '/api/one_time_cleanings', {
    inquiry_id: inquiry.id,
    amount: 120,
    date_time: `${today}T06:30`,
    notify_customer: false,
  });
  const title = `One-Time: ${name}`;
  try {
    for (const [label, viewport] of [
      ['390', PHONE_390],
      ['1280', DESKTOP],
    ] as const) {
      const page = await openHubPage(browser(), { viewport, reducedMotion: 'reduce' });
      const opener =
        label === '390'
          ? page.getByRole('button', { name: `Details of ${title}` }).first()
          : page.getByRole('button', { name: title }).first();
      await opener.waitFor();
      await opener.click();
      const panel = page.getByRole('dialog', { name: title });
      await panel.waitFor();
      expect(await panel.textContent()).toContain('12 Oak St, Bristol, CT 06010');
      expect(await panel.textContent()).toContain('Side door, code 1234');
      const map = panel.getByRole('link', { name: /Map/ });
      expect(await map.getAttribute('href')).toBe(MAP);
      expect(await map.getAttribute('target')).toBe('_blank');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `address-panel-${label}.png`) });
      await page.context().close();
    }
  } finally {
    await api('DELETE', `/api/one_time_cleanings/${cleaning.id}`);
    await api('DELETE', `/api/inquiries/${inquiry.id}`);
  }
});
