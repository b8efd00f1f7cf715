import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { horizontalOverflow, openPage, PHONE_390, useBrowser } from '../support/browser';
import { api, businessToday, createInquiry } from '../support/hub';

/**
 * docs/product.md, "A cleaner's day", against the real server: the owner adds a cleaner, who sets a password from
 * the invitation's /join page without script, signs in, lands on their day and works a visit given to them — a
 * required checklist item blocks Done until ticked, clock in and out, Done. At 390 px; screenshots to SCREENSHOT_DIR.
 */
const browser = useBrowser();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/day-shots';
const stamp = Date.now().toString(36);

/** The /join link of the newest invitation mailed to `email` (mails are files in DATA_DIR/outbox here). */
function joinLink(email: string): string {
  const outbox = path.join(inject('dataDir'), 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string };
    const match = /https?:\/\/\S+(\/join\?token=[\w-]+)/.exec(mail.text);
    if (mail.to === email && match?.[1]) return match[1];
  }
  throw new Error(`no invitation mailed to ${email}`);
}

it('at 390 px: a new cleaner joins, signs in to their day and works a visit given to them', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const email = `ana-${stamp}@example.com`;
  const password = 'ana-correct-battery';
  const cleaner = await api<{ id: number }>('POST', '/api/team', {
    name: 'Ana Reyes',
    email,
    phone: '+1 (860) 555-0166',
    pay: { kind: 'hourly', amount: 22 },
  });

  // The invitation, without script: a form post sets the password.
  const joining = await openPage(browser(), { javaScriptEnabled: false, viewport: PHONE_390 });
  expect((await joining.goto(joinLink(email)))?.status()).toBe(200);
  await joining.getByLabel(/Password/).fill(password);
  await joining.getByRole('button', { name: 'Set my password' }).click();
  await joining.getByText('Your password is set.').waitFor();
  await joining.context().close();

  // A visit of today, late enough that its access notes show and Done is not early (it started an hour ago).
  const inquiry = await createInquiry(`Day Customer ${stamp}`, {
    street_address: '41 Maple Ave',
    zip: '06010',
  });
  await api('PATCH', `/api/inquiries/${inquiry.id}`, { access_notes: 'Key under the blue pot' });
  await api('PUT', `/api/inquiries/${inquiry.id}/checklist`, {
    items: [
      { label: 'Wipe the oven door', required: true },
      { label: 'Water the plants', required: false },
    ],
  });
  const { year, month, day } = businessToday();
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // An hour ago in the business zone, or midnight when that was yesterday.
  const ago = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() - 3_600_000));
  const part = (type: string) => ago.find((p) => p.type === type)?.value ?? '00';
  const sameDay = `${part('year')}-${part('month')}-${part('day')}` === date;
  const time = sameDay ? `${part('hour')}:${part('minute')}` : '00:00';
  const cleaning = await api<{ id: number }>('POST', '/api/one_time_cleanings', {
    inquiry_id: inquiry.id,
    amount: 150,
    date_time: `${date}T${time}`,
    duration_minutes: 180,
  });
  await api('PATCH', `/api/visits/o${cleaning.id}`, { cleaner_id: cleaner.id, allow_overlap: true });

  // Sign in with the e-mail address: the day, not the owner's hub.
  const page = await openPage(browser(), { viewport: PHONE_390 });
  await page.goto('/signin');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/my-day**');
  const card = page.locator('article, li').filter({ hasText: '41 Maple Ave' }).first();
  await card.waitFor();
  expect(await card.textContent()).toContain('Key under the blue pot');
  expect(await card.textContent()).not.toContain('$');
  expect(await card.getByRole('link', { name: /Call/ }).textContent()).toBe('Call (860) 555-0177');
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: path.join(SHOTS, 'cleaner-day-390.png'), fullPage: true });

  // Done before the required item is ticked: refused, naming it.
  await card.getByRole('button', { name: 'Done' }).click();
  await card
    .getByText(/Wipe the oven door/)
    .nth(1)
    .waitFor();
  const required = card.getByRole('checkbox', { name: /Wipe the oven door/ });
  await required.click();
  await expect.poll(() => required.isChecked()).toBe(true);
  await card.getByRole('button', { name: 'Clock in' }).click();
  await card.getByText(/Clocked in/).waitFor();
  await card.getByRole('button', { name: 'Clock out' }).click();
  await card.getByText(/Clocked out/).waitFor();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ key: string; status: string }[]>('GET', `/api/visits?from=${date}&to=${date}`)).find(
          (v) => v.key === `o${cleaning.id}`,
        )?.status,
    )
    .toBe('done');
  await page.screenshot({ path: path.join(SHOTS, 'cleaner-day-done-390.png'), fullPage: true });

  // The owner's pay report has the clocked visit.
  const pay = await api<{ visits: { key: string; clocked_minutes: number }[] }>(
    'GET',
    `/api/team/${cleaner.id}/pay?from=${date}&to=${date}`,
  );
  expect(pay.visits.map((v) => v.key)).toContain(`o${cleaning.id}`);
});
