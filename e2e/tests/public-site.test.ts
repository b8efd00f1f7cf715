import { type GalleryPhoto, type Inquiry, type Package, type Review, TOWNS } from '@clean/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  arriveByLink,
  gotoHydrated,
  horizontalOverflow,
  openPage,
  PHONE,
  useBrowser,
} from '../support/browser';
import { api, forEachPublicPage } from '../support/public';

const browser = useBrowser();

const main = (page: Page) => page.locator('main');
const activeSlideIndex = (page: Page) =>
  page.$eval('.carousel-slide[data-active]', (el) => el.getAttribute('data-slide-index'));
/** Slides on screen: (container + gap) / (slide + gap). */
const slidesPerView = (page: Page) =>
  page.$eval('.carousel', (el) => {
    const slide = el.querySelector('.carousel-slide') as HTMLElement;
    return Math.round((el.clientWidth + 16) / (slide.getBoundingClientRect().width + 16));
  });
const focusedInsideSlide = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('.carousel-slide') !== null);

describe('home', () => {
  it('has the headline, About Us, the four buttons, page meta and LocalBusiness JSON-LD', async () => {
    const page = await openPage(browser());
    await gotoHydrated(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await main(page).getByRole('heading', { name: 'About Us' }).isVisible()).toBe(true);
    for (const [name, href] of [
      ['Contact Us', '/contact'],
      ['View Gallery', '/gallery'],
      ['Services', '/packages'],
      ['Reviews', '/reviews'],
    ]) {
      expect(await main(page).getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await expect.poll(() => page.title()).toBe('Bristol Eco Clean | Eco-friendly home & office cleaning');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /20 miles of Bristol/,
    );

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Bristol Eco Clean',
      telephone: '(860) 555-0142',
      email: 'hello@bristolecoclean.example',
      address: { addressLocality: 'Bristol', addressRegion: 'CT' },
    });
    expect(ld.areaServed).toEqual([...TOWNS]);
    expect(ld.url).toBe(`${new URL(page.url()).origin}/`);

    await main(page).getByRole('link', { name: 'Services', exact: true }).click();
    await page.waitForURL('**/packages');
    await page.context().close();
  });

  it('carousel: up to 8 photos, 5 per view at desktop, autoplay that keeps going after a photo is opened', async () => {
    const page = await openPage(browser());
    await gotoHydrated(page, '/');
    await page.locator('.carousel[data-ready] .carousel-slide[data-active]').waitFor();
    const indexes = await page.$$eval('.carousel-slide', (els) =>
      els.map((el) => el.getAttribute('data-slide-index')),
    );
    const { body: photos } = await api<GalleryPhoto[]>('GET', '/api/gallery');
    expect(new Set(indexes).size).toBe(Math.min(8, photos.length));
    expect(await slidesPerView(page)).toBe(5);

    // Autoplay: the next slide comes within 4 s (+ the 2 s transition).
    const first = await activeSlideIndex(page);
    await expect.poll(() => activeSlideIndex(page), { timeout: 8000, interval: 200 }).not.toBe(first);

    // Interaction: open the photo on the active slide; the dialog shows image, caption, category, type.
    const opener = page.locator('.carousel-slide[data-active] a');
    const alt = await opener.locator('img').getAttribute('alt');
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('img').getAttribute('alt')).toBe(alt);
    for (const label of ['Caption', 'Category', 'Photo type']) {
      expect(await dialog.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedInsideSlide(page)).toBe(true);

    // ...and it keeps playing (disableOnInteraction: false).
    const afterClick = await activeSlideIndex(page);
    await expect.poll(() => activeSlideIndex(page), { timeout: 8000, interval: 200 }).not.toBe(afterClick);

    // The Close link works too.
    await page.locator('.carousel-slide[data-active] a').click();
    await dialog.getByRole('link', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Breakpoints: 1 / 2 / 3 slides below 640 / at 640 / at 768.
    for (const [width, perView] of [
      [375, 1],
      [700, 2],
      [800, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => slidesPerView(page)).toBe(perView);
    }
    await page.context().close();
  });

  it('carousel dialog falls back to No Caption, Uncategorized and No Type', async () => {
    const page = await openPage(browser());
    await page.route(
      (url) => url.pathname === '/api/gallery',
      (route) =>
        route.fulfill({
          json: Array.from({ length: 6 }, (_, i) => ({
            id: i + 1,
            image_url: '/demo/kitchen.svg',
            caption: null,
            category: '',
            photo_type: null,
          })),
        }),
    );
    // The home page arrives with its photos inside (server-rendered); arriving from another page, the
    // browser asks the API for them, which this test answers.
    await arriveByLink(page, '/packages', 'Home');
    await page.locator('.carousel-slide[data-active] a').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('No Caption');
    const details = await dialog.locator('dd').allTextContents();
    expect(details).toEqual(['No Caption', 'Uncategorized', 'No Type']);
    await page.context().close();
  });

  it('service area: 20 miles of Bristol, CT, the 17 towns, and a lazy map that follows the town', async () => {
    const page = await openPage(browser());
    await gotoHydrated(page, '/');
    const area = page.getByRole('region', { name: 'Our Service Area' });
    expect(await area.textContent()).toContain('within 20 miles of Bristol, CT');
    expect(await area.textContent()).toContain(
      "Not sure if you're in the zone? Reach out and we'll see if we can fit you in!",
    );
    const select = area.getByLabel('Find your town');
    expect(await select.locator('option').allTextContents()).toEqual([...TOWNS]);
    // The map is put in once its place comes near the screen.
    await area.scrollIntoViewIfNeeded();
    const map = area.locator('iframe');
    expect(await map.getAttribute('src')).toBe(
      'https://maps.google.com/maps?q=Bristol%2C%20CT&z=11&output=embed',
    );
    expect(await map.getAttribute('loading')).toBe('lazy');
    expect(await map.getAttribute('title')).toMatch(/Map of Bristol, CT/);
    await select.selectOption('West Hartford');
    await expect
      .poll(() => map.getAttribute('src'))
      .toBe('https://maps.google.com/maps?q=West%20Hartford%2C%20CT&z=11&output=embed');
    await page.context().close();
  });
});

describe('packages', () => {
  it('shows the cards, the eco banner, the consultation notice, and the detail dialog with Book Now', async () => {
    const { body: packages } = await api<Package[]>('GET', '/api/packages');
    const page = await openPage(browser());
    await gotoHydrated(page, '/packages');
    await expect.poll(() => page.title()).toBe('Packages | Bristol Eco Clean');
    expect(await main(page).textContent()).toContain('Every package includes eco-friendly cleaning');
    const notice = main(page).getByRole('status').filter({ hasText: 'in-home consultation' });
    await notice.waitFor();
    const cards = main(page).getByRole('list').first().getByRole('listitem');
    expect(await cards.count()).toBe(packages.length);
    expect(await main(page).getByRole('button', { name: 'Add New Package' }).count()).toBe(0);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });

    const pkg = packages[0] as Package;
    // A card is a link to the page with its details open.
    const card = main(page).getByRole('link', { name: new RegExp(pkg.title) });
    expect(await card.getAttribute('href')).toBe(`/packages?package=${pkg.id}`);
    await card.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe(`?package=${pkg.id}`);
    expect(await dialog.getByRole('heading').textContent()).toBe(pkg.title);
    expect(await dialog.textContent()).toContain(pkg.description);
    expect(await dialog.getByRole('img', { name: pkg.title }).getAttribute('src')).toBe(pkg.image_url);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await card.evaluate((el) => el === document.activeElement)).toBe(true);

    await card.click();
    await dialog.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`**/contact?package=${pkg.id}`);
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    // The booking form has the package chosen (by id: it is the estimate's package too).
    expect(
      await main(page)
        .getByLabel(/^Package/)
        .inputValue(),
    ).toBe(String(pkg.id));
    await page.context().close();
  });

  it("says 'Failed to load packages. Please try again later.' when the list fails", async () => {
    const page = await openPage(browser());
    await page.route(
      (url) => url.pathname === '/api/packages',
      (route) => route.fulfill({ status: 500, json: { error: 'down' } }),
    );
    // From a page whose data holds no packages (the contact page's booking form lists them).
    await arriveByLink(page, '/gallery', 'Packages');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to load packages. Please try again later.');
    await page.context().close();
  });
});

describe('gallery', () => {
  const photoButtons = (page: Page) => main(page).getByRole('list').first().getByRole('listitem');

  it('pages 12 at a time with page links, 5 columns at desktop, shuffled on each visit', async () => {
    const { body: photos } = await api<GalleryPhoto[]>('GET', '/api/gallery');
    expect(photos.length).toBeGreaterThan(12);
    const page = await openPage(browser());
    await gotoHydrated(page, '/gallery');
    await expect.poll(() => page.title()).toBe('Gallery | Bristol Eco Clean');
    await expect.poll(() => photoButtons(page).count()).toBe(12);
    const pages = main(page).getByRole('navigation', { name: 'Gallery pages' }).getByRole('link');
    expect(await pages.count()).toBe(Math.ceil(photos.length / 12));
    expect(await pages.first().getAttribute('aria-current')).toBe('page');

    const lefts = await photoButtons(page).evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size).toBe(5);

    // The photos shown, in order, by id (each tile links to the page with its photo open).
    const shown = () =>
      main(page)
        .locator('ul li a[href*="photo="]')
        .evaluateAll((links) =>
          links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('photo')),
        );
    const firstPage = await shown();
    expect(firstPage).toHaveLength(12);
    await pages.nth(1).click();
    await expect.poll(() => photoButtons(page).count()).toBe(Math.min(12, photos.length - 12));
    expect(await pages.nth(1).getAttribute('aria-current')).toBe('page');
    expect(await pages.first().getAttribute('aria-current')).toBeNull();
    // The address has the page and the visit's order: the second page shows none of the first page's photos,
    // and reloading it shows the same ones.
    const url = new URL(page.url());
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('seed')).toMatch(/^\d+$/);
    const secondPage = await shown();
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await page.reload();
    await expect.poll(() => photoButtons(page).count()).toBe(secondPage.length);
    expect(await shown()).toEqual(secondPage);

    // Each visit shuffles: some new visit shows another order.
    let reordered = false;
    for (let i = 0; i < 5 && !reordered; i++) {
      await gotoHydrated(page, '/gallery');
      await expect.poll(() => photoButtons(page).count()).toBe(12);
      reordered = (await shown()).join() !== firstPage.join();
    }
    expect(reordered).toBe(true);

    await page.setViewportSize(PHONE);
    const phoneLefts = await photoButtons(page).evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(new Set(phoneLefts).size).toBe(2);
    await page.context().close();
  });

  it('filters by category in the database as the search changes, and opens a photo in a dialog', async () => {
    const { body: kitchen } = await api<GalleryPhoto[]>('GET', '/api/gallery?category=kitchen');
    expect(kitchen.length).toBeGreaterThan(0);
    const page = await openPage(browser());
    await gotoHydrated(page, '/gallery');
    await expect.poll(() => photoButtons(page).count()).toBe(12);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/gallery?'))
        requested.push(new URL(r.url()).searchParams.get('category') ?? '');
    });
    await main(page).getByLabel('Search by category').fill('kitchen');
    await expect.poll(() => photoButtons(page).count()).toBe(Math.min(12, kitchen.length));
    expect(requested).toContain('kitchen');
    expect(await main(page).getByRole('navigation', { name: 'Gallery pages' }).count()).toBe(
      kitchen.length > 12 ? 1 : 0,
    );

    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('kitchen');
    const opener = photoButtons(page).first().getByRole('link').first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('dd').nth(1).textContent()).toBe('Kitchen');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await main(page).getByLabel('Search by category').fill('no-such-category');
    await main(page).getByText('No photos in a category matching').waitFor();
    await page.context().close();
  });
});

describe('reviews', () => {
  it('shows approved reviews with stars, default logo, and the photo dialog with Reviewed by', async () => {
    const { body: approved } = await api<Review[]>('GET', '/api/reviews');
    const page = await openPage(browser());
    await gotoHydrated(page, '/reviews');
    await expect.poll(() => page.title()).toBe('Reviews | Bristol Eco Clean');
    const cards = main(page).getByRole('list').first().getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(Math.min(12, approved.length));
    const withoutPhoto = approved.find((r) => !r.photo_url) as Review;
    const card = cards.filter({ hasText: withoutPhoto.reviewer_name });
    expect(await card.getByRole('img', { name: 'Bristol Eco Clean logo' }).getAttribute('src')).toBe(
      '/demo/logo.webp',
    );
    expect(await card.getByRole('img', { name: `Rated ${withoutPhoto.rating} out of 5` }).count()).toBe(1);
    expect(await card.textContent()).toContain(withoutPhoto.comment);

    const opener = card.getByRole('link', { name: `Open the review by ${withoutPhoto.reviewer_name}` });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Reviewed by ${withoutPhoto.reviewer_name}`);
    expect(await dialog.textContent()).toContain(withoutPhoto.comment);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("pages 12 a page with 'Page N of M', asking the server for each page", async () => {
    const page = await openPage(browser());
    const asked: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/reviews',
      (route) => {
        const url = new URL(route.request().url());
        asked.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);
        const p = Number(url.searchParams.get('page'));
        const items = Array.from({ length: p < 3 ? 12 : 6 }, (_, i) => ({
          id: (p - 1) * 12 + i + 1,
          reviewer_name: `Paged ${(p - 1) * 12 + i + 1}`,
          rating: 5,
          comment: 'Great',
          photo_url: null,
          status: 'approved',
          created_at: '2026-05-01T12:00:00Z',
        }));
        return route.fulfill({ json: items, headers: { 'x-total-count': '30' } });
      },
    );
    await arriveByLink(page, '/contact', 'Reviews');
    await main(page).getByText('Page 1 of 3').waitFor();
    await main(page).getByRole('link', { name: 'Next' }).click();
    await main(page).getByText('Page 2 of 3').waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');
    await main(page).getByText('Paged 13', { exact: true }).waitFor();
    expect(asked).toEqual(['1/12', '2/12']);
    // And the real server pages in the database, with the total in X-Total-Count.
    const { headers, body } = await api<Review[]>('GET', '/api/reviews?page=1&limit=2');
    expect(body.length).toBeLessThanOrEqual(2);
    expect(Number(headers.get('x-total-count'))).toBeGreaterThanOrEqual(body.length);
    await page.context().close();
  });

  it('a visitor review: keyboard stars, 500-character comment, emojis for 3 s, pending until the admin approves', async () => {
    const name = `E2E Visitor ${Date.now()}`;
    const page = await openPage(browser());
    await gotoHydrated(page, '/reviews');
    const toggle = main(page).getByRole('link', { name: 'Share Your Experience' });
    await toggle.click();
    // The link moves in place as a transition: the page keeps its state until the form's chunk has arrived.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const form = main(page).getByRole('form', { name: 'Share your experience' });
    await form.waitFor();

    // Name required; a photo URL must be a URL.
    await form.getByLabel('Photo URL (optional)').fill('not a link');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await form.getByText('Name is required.').waitFor();
    await form
      .getByText('Photo URL must be an https:// link or a path on this site such as /demo/photo.jpg.')
      .waitFor();
    await form.getByLabel('Photo URL (optional)').fill('');

    await form.getByLabel('Name').fill(name);
    const oneStar = form.getByRole('radio', { name: '1 star' });
    expect(await oneStar.isChecked()).toBe(true);
    await form.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    expect(await oneStar.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: '1 star' }).isChecked()).toBe(false);

    await form.getByLabel('Comment').fill('x'.repeat(620));
    expect((await form.getByLabel('Comment').inputValue()).length).toBe(500);
    await form.getByRole('button', { name: 'Submit Review' }).click();

    await form.getByRole('status').filter({ hasText: 'will appear once approved' }).waitFor();
    const shownAt = Date.now();
    expect(await page.locator('.review-emoji').count()).toBe(20);
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByLabel('Comment').inputValue()).toBe('');
    await expect.poll(() => page.locator('.review-emoji').count(), { timeout: 6000, interval: 100 }).toBe(0);
    const lasted = Date.now() - shownAt;
    expect(lasted).toBeGreaterThan(2000);
    expect(lasted).toBeLessThan(4500);

    // Pending: not public yet.
    const { body: publicList } = await api<Review[]>('GET', '/api/reviews');
    expect(publicList.some((r) => r.reviewer_name === name)).toBe(false);
    expect(await main(page).getByText(name).count()).toBe(0);
    const { body: pending } = await api<Review[]>('GET', '/api/reviews/pending', { admin: true });
    const mine = pending.find((r) => r.reviewer_name === name) as Review;
    expect(mine).toMatchObject({ rating: 4, status: 'pending' });
    expect(mine.comment).toHaveLength(500);

    try {
      await api('PATCH', `/api/reviews/${mine.id}/approve`, { admin: true });
      await page.reload();
      await main(page).getByText(name, { exact: true }).waitFor();
    } finally {
      await api('DELETE', `/api/reviews/${mine.id}`, { admin: true });
    }
    await page.context().close();
  });
});

describe('booking request (/contact)', () => {
  it('formats the phone as typed, sends the request, and the inquiry is stored as New Inquiry', async () => {
    const name = `E2E Booker ${Date.now()}`;
    const page = await openPage(browser());
    await gotoHydrated(page, '/contact');
    await expect.poll(() => page.title()).toBe('Contact Us | Bristol Eco Clean');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    const form = main(page).getByRole('form', { name: 'Booking request' });
    await form.getByLabel('Name').fill(name);
    const phone = form.getByLabel('Phone number');
    await phone.pressSequentially('860555123499');
    expect(await phone.inputValue()).toBe('(860) 555-1234');
    await phone.press('Backspace');
    expect(await phone.inputValue()).toBe('(860) 555-123');
    await phone.press('4');
    await form.getByRole('radio', { name: 'Text' }).check();
    const town = form.getByLabel('Town');
    expect(await town.locator('option').allTextContents()).toEqual(['Select your town', ...TOWNS, 'Other']);
    await town.selectOption('Wolcott');
    await form.getByLabel('What can we help with?').fill('Deep clean before a party.');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByRole('status').filter({ hasText: 'We received your request' }).waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    const { body } = await api<Inquiry[]>('GET', `/api/inquiries?name=${encodeURIComponent(name)}`, {
      admin: true,
    });
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      name,
      phone_number: '8605551234',
      call_or_text: 'text',
      town: 'Wolcott',
      description: 'Deep clean before a party.',
      status: 'New Inquiry',
    });
    await api('DELETE', `/api/inquiries/${body[0]?.id}`, { admin: true });
    await page.context().close();
  });

  it('takes an autofilled +1 phone as its 10 digits, and refuses a number no US line has before sending', async () => {
    const name = `E2E Autofill ${Date.now()}`;
    const page = await openPage(browser());
    await gotoHydrated(page, '/contact');
    const form = main(page).getByRole('form', { name: 'Booking request' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Town').selectOption('Bristol');
    const phone = form.getByLabel('Phone number');
    // fill() puts the whole text in at once, as a phone's autofill does.
    await phone.fill('(123) 456-7890');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByText('Phone number must be a US phone number of 10 digits').waitFor();
    const none = await api<Inquiry[]>('GET', `/api/inquiries?name=${encodeURIComponent(name)}`, {
      admin: true,
    });
    expect(none.body).toEqual([]);

    await phone.fill('+1 (860) 555-7788');
    expect(await phone.inputValue()).toBe('(860) 555-7788');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByRole('status').filter({ hasText: 'We received your request' }).waitFor();
    const { body } = await api<Inquiry[]>('GET', `/api/inquiries?name=${encodeURIComponent(name)}`, {
      admin: true,
    });
    expect(body.map((i) => i.phone_number)).toEqual(['8605557788']);
    await api('DELETE', `/api/inquiries/${body[0]?.id}`, { admin: true });
    await page.context().close();
  });

  it('while the owner has closed the form: a polite message with phone and e-mail, no form, and the API refuses', async () => {
    const page = await openPage(browser());
    await api('PATCH', '/api/contact-status', { admin: true, body: { is_open: false } });
    try {
      await gotoHydrated(page, '/contact');
      const notice = main(page)
        .getByRole('status')
        .filter({ hasText: 'not taking online requests right now' });
      await notice.waitFor();
      expect(await notice.getByRole('link', { name: '(860) 555-0142' }).getAttribute('href')).toBe(
        'tel:8605550142',
      );
      expect(await notice.getByRole('link', { name: 'hello@bristolecoclean.example' }).count()).toBe(1);
      expect(await main(page).getByRole('button', { name: 'Send Request' }).count()).toBe(0);
      expect(await main(page).getByLabel('Name').count()).toBe(0);
      const refused = await api<{ error: string }>('POST', '/api/inquiries', {
        body: { name: 'Closed Test', email: 'closed@example.com', town: 'Avon' },
        allow: [409],
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/not taking/);
    } finally {
      await api('PATCH', '/api/contact-status', { admin: true, body: { is_open: true } });
    }
    await page.reload();
    await main(page).getByRole('button', { name: 'Send Request' }).waitFor();
    await page.context().close();
  });
});

describe('phone width (375 px)', () => {
  it('every public page fits without horizontal scrolling', async () => {
    const page = await openPage(browser(), { viewport: PHONE });
    await forEachPublicPage(page, async (path) => {
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    });
    // Open states too: a dialog and the review form.
    await gotoHydrated(page, '/gallery');
    await main(page).locator('ul li a').first().click();
    await page.getByRole('dialog').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await gotoHydrated(page, '/reviews');
    await main(page).getByRole('link', { name: 'Share Your Experience' }).click();
    await main(page).getByRole('form').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
