import path from 'node:path';
import { expect, inject, it } from 'vitest';
import {
  DESKTOP,
  gotoHydrated,
  horizontalOverflow,
  openPage,
  PHONE_390,
  useBrowser,
} from '../support/browser';
import * as visitor from '../support/public';

/**
 * The booking form's address and a `+1` phone at a phone's and a desktop's width, with script: a chosen time needs the street
 * (its message beside the field, nothing sent), then the request goes with the street and ZIP and holds its time.
 */
const browser = useBrowser();

for (const [label, viewport] of [
  ['390', PHONE_390],
  ['1280', DESKTOP],
] as const) {
  it(`at ${label} px: a chosen time asks for the street address, then the request carries it`, async () => {
    const name = `Address Tester ${label} ${Date.now()}`;
    const page = await openPage(browser(), { viewport });
    await gotoHydrated(page, '/contact');
    const form = visitor.bookingForm(page);
    await visitor.fillBookingForm(form, {
      name,
      email: 'address.tester@example.com',
      // As a phone's autofill gives it: stored as the 10 digits.
      phone: '+1 (860) 555-7788',
      town: 'Bristol',
      street: '',
      description: 'Booked with the address.',
    });
    const time = form.locator('input[name="requested_start"]:not([value=""])').first();
    const chosen = await time.getAttribute('value');
    const day = time.locator('xpath=ancestor::details/summary');
    if (await day.count()) await day.click();
    await time.check();
    await form.getByRole('button', { name: 'Send Request' }).click();
    const street = form.getByLabel('Street address');
    await expect.poll(() => street.getAttribute('aria-invalid')).toBe('true');
    expect(await form.textContent()).toContain('Street address is required when you pick a time.');
    expect(await horizontalOverflow(page)).toBe(0);
    // The refused field takes the focus and scrolls (smoothly) into view below the sticky header.
    const inView = () =>
      street.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return el === document.activeElement && box.top >= header && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    await page.screenshot({ path: path.join(inject('dataDir'), '..', `contact-address-${label}.png`) });

    await street.fill('12 Oak St');
    await form.getByLabel('ZIP').fill('06010');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByText('Thank you! We received your request').waitFor();
    const stored = await visitor.expectOneInquiry(
      name,
      {
        street_address: '12 Oak St',
        zip: '06010',
        phone_number: '8605557788',
      },
      [],
    );
    const { body: visits } = await visitor.api<
      { inquiry_id: number; start: string; street_address: string }[]
    >('GET', `/api/visits?from=${chosen?.slice(0, 10)}&to=${chosen?.slice(0, 10)}`, { admin: true });
    expect(visits.find((v) => v.inquiry_id === stored.id)?.street_address).toBe('12 Oak St');
    await visitor.api('DELETE', `/api/inquiries/${stored.id}?with_dependants=true`, {
      admin: true,
      allow: [409],
    });
  });
}
