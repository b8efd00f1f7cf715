import path from 'node:path';
import type { Invoice } from '@clean/shared';
import { expect, inject, it } from 'vitest';
import { DESKTOP, horizontalOverflow, openPage, PHONE_390, useBrowser } from '../support/browser';
import { personalLink } from '../support/outbox';
import * as visitor from '../support/public';

/**
 * The customer's page with invoices, and /contact with its tax line, at a phone's and a desktop's width: nothing
 * wider than the screen; screenshots beside the e2e data folder to look at.
 */
const browser = useBrowser();
const shot = (name: string) => path.join(inject('dataDir'), '..', name);

it('shows the customer their invoices at 390 and 1280 px wide', async () => {
  const email = `invoices-${Date.now()}@customer.test`;
  const inquiry = await visitor.api<{ id: number }>('POST', '/api/inquiries', {
    admin: true,
    body: { name: 'Ines Invoice', email, phone_number: '8605550178', call_or_text: 'call', town: 'Bristol' },
  });
  const ahead = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const cleaning = await visitor.api('POST', '/api/one_time_cleanings', {
    admin: true,
    body: { inquiry_id: inquiry.body.id, amount: 140, date_time: `${ahead}T10:00` },
  });
  expect(cleaning.status).toBe(201);
  const numbers: string[] = [];
  for (const amount of [136.17, 240]) {
    const draft = await visitor.api<Invoice>('POST', '/api/invoices', {
      admin: true,
      body: {
        inquiry_id: inquiry.body.id,
        lines: [{ description: 'Deep clean of a three-bedroom house', quantity: 1, unit_amount: amount }],
      },
    });
    const issued = await visitor.api<Invoice>('POST', `/api/invoices/${draft.body.id}/issue`, {
      admin: true,
      body: { notify_customer: false },
    });
    expect(issued.status).toBe(200);
    numbers.push(issued.body.number ?? '');
  }
  const link = await personalLink(email);

  for (const [name, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    const page = await openPage(browser(), { viewport });
    expect((await page.goto(link))?.status()).toBe(200);
    await visitor.main(page).getByRole('heading', { name: 'Your invoices' }).waitFor();
    const text = (await visitor.main(page).textContent()) ?? '';
    for (const number of numbers) expect(text).toContain(number);
    // Dates as people read them, and what is still owed said in words.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2} ·/);
    expect(text).toContain('Total $144.82 · $144.82 still due');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot(`customer-invoices-${name}.png`), fullPage: true });
    await page.context().close();
  }
});

it('shows /contact with its tax line at 390 and 1280 px wide', async () => {
  for (const [name, viewport] of [
    ['390', PHONE_390],
    ['1280', DESKTOP],
  ] as const) {
    const page = await openPage(browser(), { viewport });
    expect((await page.goto('/contact'))?.status()).toBe(200);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByLabel('Package').selectOption({ index: 1 });
    const estimate = page.getByTestId('estimate-tax');
    await estimate.waitFor();
    expect(await estimate.textContent()).toMatch(/^\+ \$[\d.,]+ CT sales tax = \$[\d.,]+$/);
    expect(await horizontalOverflow(page)).toBe(0);
    await estimate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`contact-${name}.png`) });
    await page.context().close();
  }
});
