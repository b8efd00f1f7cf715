import { type GalleryPhoto, type Package, photoSources, type Review } from '@clean/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, PHONE } from '../support/browser';
import { gotoHeld, holdScripts, isLive } from '../support/hold-scripts';
import * as visitor from '../support/public';

/**
 * A quick visitor taps as soon as the page shows, before its code has arrived (held back here): every public
 * control does its job from the server's markup alone, and what was typed or failed meanwhile is taken up once
 * the page is live.
 */
const { browser, stamp } = visitor.usePublicJourney('Quick Tap');

/** Opens a page with its code held back (`held.release()` lets it in). */
async function openHeld(url: string, options: Parameters<typeof openPage>[1] = {}) {
  const page = await openPage(browser(), options);
  const held = await holdScripts(page);
  await gotoHeld(page, url);
  return { page, held };
}

/** Asserts the page is only the server's markup: its code was asked for and is still held. */
async function expectNotLive(page: Page, held: { waiting: () => number }) {
  expect(await isLive(page)).toBe(false);
  expect(held.waiting()).toBeGreaterThan(0);
}

describe('tapped at first paint, before the code runs', () => {
  it('the phone menu opens', async () => {
    const { page, held } = await openHeld('/', { viewport: PHONE });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const gallery = nav.getByRole('link', { name: 'Gallery', exact: true });
    expect(await gallery.isVisible()).toBe(false);
    await expectNotLive(page, held);
    // A native disclosure (<summary>): Chromium exposes it as an expandable control Playwright has no role for.
    await nav.getByLabel('Menu').click();
    await gallery.waitFor({ state: 'visible' });
    const menuOpen = () => nav.locator('details').evaluate((d) => (d as HTMLDetailsElement).open);
    expect(await menuOpen()).toBe(true);

    // Once live, the menu opened before stays open, and the same tap closes it.
    held.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await menuOpen()).toBe(true);
    expect(await gallery.isVisible()).toBe(true);
    await nav.getByLabel('Menu').click();
    await gallery.waitFor({ state: 'hidden' });
    expect(await menuOpen()).toBe(false);
    await page.context().close();
  });

  it('/reviews: Next moves to page 2 and Share Your Experience shows the form; once live, Previous moves in place', async () => {
    const { headers } = await visitor.api<Review[]>('GET', '/api/reviews?page=1&limit=12');
    const pages = Math.ceil(Number(headers.get('x-total-count')) / 12);
    expect(pages).toBeGreaterThan(1);
    const { page, held } = await openHeld('/reviews');
    await visitor.main(page).getByText(`Page 1 of ${pages}`).waitFor();
    await expectNotLive(page, held);
    await visitor.main(page).getByRole('link', { name: 'Next' }).click();
    await visitor.main(page).getByText(`Page 2 of ${pages}`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    await expectNotLive(page, held);
    const form = visitor.main(page).getByRole('form', { name: 'Share your experience' });
    expect(await form.count()).toBe(0);
    await visitor.main(page).getByRole('link', { name: 'Share Your Experience' }).click();
    await form.waitFor();
    expect(await form.getByRole('button', { name: 'Submit Review' }).isVisible()).toBe(true);
    await visitor.main(page).getByText(`Page 2 of ${pages}`).waitFor();

    // Released, the page goes live, and its links then move in place: the window (and this mark) stays.
    held.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await visitor.main(page).getByRole('link', { name: 'Previous' }).click();
    await visitor.main(page).getByText(`Page 1 of ${pages}`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.context().close();
  });

  it('/gallery: Enter in the search filters, and a page link moves on in the same order', async () => {
    const { body: all } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery');
    const { body: kitchen } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery?category=kitchen');
    expect(all.length).toBeGreaterThan(12);
    expect(kitchen.length).toBeGreaterThan(0);
    expect(kitchen.length).toBeLessThan(all.length);
    const { page, held } = await openHeld('/gallery');
    const firstPage = await visitor.shownPhotoIds(page);
    expect(firstPage).toHaveLength(12);
    await expectNotLive(page, held);
    await visitor.main(page).getByRole('link', { name: 'Page 2' }).click();
    await visitor
      .main(page)
      .getByRole('link', { name: 'Page 2' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    const secondPage = await visitor.shownPhotoIds(page);
    expect(secondPage).toHaveLength(all.length - 12);
    expect([...firstPage, ...secondPage].sort((a, b) => a - b)).toEqual(
      all.map((p) => p.id).sort((a, b) => a - b),
    );

    await expectNotLive(page, held);
    await visitor.main(page).getByLabel('Search by category').fill('kitchen');
    await visitor.main(page).getByLabel('Search by category').press('Enter');
    await page.waitForURL(/category=kitchen/, { waitUntil: 'commit' });
    await expect.poll(() => visitor.shownPhotoIds(page)).toHaveLength(kitchen.length);
    expect((await visitor.shownPhotoIds(page)).sort()).toEqual(kitchen.map((p) => p.id).sort());
    await page.context().close();
  });

  it('/packages: a card opens its details, and Book Now reaches /contact with the package chosen', async () => {
    const { body: packages } = await visitor.api<Package[]>('GET', '/api/packages');
    const pkg = packages[1] ?? (packages[0] as Package);
    const { page, held } = await openHeld('/packages');
    await expectNotLive(page, held);
    const dialog = await visitor.openPackage(page, pkg);
    expect(await dialog.getByRole('link', { name: 'Close' }).isVisible()).toBe(true);

    await expectNotLive(page, held);
    await dialog.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`**/contact?package=${pkg.id}`, { waitUntil: 'commit' });
    // With the price table the select is the estimate's package: its value is the package's id.
    const chosen = visitor.bookingForm(page).getByLabel(/^Package/);
    await chosen.waitFor();
    expect(await chosen.inputValue()).toBe(String(pkg.id));
    await page.context().close();
  });

  it('a booking request sent before the code runs is stored', async () => {
    const name = `Quick Booker ${stamp}`;
    const { page, held } = await openHeld('/contact');
    const form = visitor.bookingForm(page);
    await visitor.fillBookingForm(form, {
      name,
      email: 'quick.booker@example.com',
      phone: '8605550123',
      town: 'Wolcott',
      description: 'Tapped in before the code.',
    });
    await expectNotLive(page, held);
    await form.getByRole('button', { name: 'Send Request' }).click();
    await visitor
      .main(page)
      .getByText('Thank you! We received your request and will get back to you soon.')
      .waitFor();
    expect(new URL(page.url()).search).toBe('?sent=1');

    const stored = await visitor.expectOneInquiry(
      name,
      {
        email: 'quick.booker@example.com',
        phone_number: '8605550123',
        call_or_text: 'text',
        town: 'Wolcott',
        status: 'New Inquiry',
      },
      ['Tapped in before the code.'],
    );
    await visitor.api('DELETE', `/api/inquiries/${stored.id}`, { admin: true });
    await page.context().close();
  });
});

describe('typed or failed before the code runs, taken up once live', () => {
  it('the booking form keeps what was typed, and sends it once live', async () => {
    const name = `Early Typist ${stamp}`;
    const { page, held } = await openHeld('/contact');
    const form = visitor.bookingForm(page);
    await visitor.fillBookingForm(form, {
      name,
      email: 'early.typist@example.com',
      town: 'Avon',
      description: 'Typed before the page was live.',
    });
    await expectNotLive(page, held);

    held.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    expect(await form.getByLabel('Email').inputValue()).toBe('early.typist@example.com');
    expect(await form.getByLabel('Town').inputValue()).toBe('Avon');
    expect(await form.getByLabel('What can we help with?').inputValue()).toBe(
      'Typed before the page was live.',
    );

    // Sent live (in place, no new page), the request carries what was typed before.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByRole('status').filter({ hasText: 'We received your request' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const stored = await visitor.expectOneInquiry(name, { email: 'early.typist@example.com', town: 'Avon' }, [
      'Typed before the page was live.',
    ]);
    await visitor.api('DELETE', `/api/inquiries/${stored.id}`, { admin: true });
    await page.context().close();
  });

  it('the gallery search keeps what was typed, and filters by it once live (the address follows)', async () => {
    const { body: bathroom } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery?category=bathroom');
    expect(bathroom.length).toBeGreaterThan(0);
    const { page, held } = await openHeld('/gallery');
    expect(await visitor.shownPhotoIds(page)).toHaveLength(12);
    await visitor.main(page).getByLabel('Search by category').fill('bathroom');
    await expectNotLive(page, held);

    held.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await visitor.main(page).getByLabel('Search by category').inputValue()).toBe('bathroom');
    await expect.poll(() => visitor.shownPhotoIds(page)).toHaveLength(bathroom.length);
    expect((await visitor.shownPhotoIds(page)).sort()).toEqual(bathroom.map((p) => p.id).sort());
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('bathroom');
    await page.context().close();
  });

  it('a gallery picture whose link failed before the code ran shows its placeholder once live', async () => {
    const { body: office } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery?category=office');
    expect(office).toHaveLength(1);
    const photo = office[0] as GalleryPhoto;
    const page = await openPage(browser());
    // Every encoding of the photo fails: an uploaded one is a <picture> (AVIF, WebP, then the JPEG link).
    const picture = photo.image ? photoSources(photo.image) : { srcset: '', sources: [] };
    const files = new Set([
      photo.image_url,
      ...[picture.srcset, ...picture.sources.map((s) => s.srcset)].flatMap(srcsetUrls),
    ]);
    await page.route(
      (url) => files.has(url.pathname),
      (route) => route.abort(),
    );
    const held = await holdScripts(page);
    await gotoHeld(page, '/gallery?category=office');
    const image = visitor.main(page).locator('ul li img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(photo.image_url);
    // Failed, with no code to see it: a broken picture.
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0,
      await image.elementHandle(),
    );
    expect(await image.getAttribute('data-broken')).toBeNull();
    await expectNotLive(page, held);

    held.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await visitor.main(page).locator('ul li img[data-broken]').waitFor();
    expect(await image.getAttribute('src')).toBe('/photo-placeholder.svg');
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await page.context().close();
  });
});

/** The URLs of a `srcset` ("/media/a.avif 320w, /media/b.avif 640w"). */
const srcsetUrls = (srcset: string) => srcset.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '');
