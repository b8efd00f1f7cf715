import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ContactStatus,
  formatMoney,
  type GalleryPhoto,
  type Inquiry,
  type Package,
  type Pricing,
  quote,
  type Review,
  type SiteConfig,
  type Visit,
} from '@clean/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken } from '../support/admin';
import { baseUrl, openPage, outboxCount, PHONE } from '../support/browser';
import * as visitor from '../support/public';

/** A visitor with JavaScript off walks the whole public site: the server's pages, links and forms are the site. */
const { browser, stamp } = visitor.usePublicJourney('No Script');
const noScript = (options: Parameters<typeof openPage>[1] = {}) =>
  openPage(browser(), { javaScriptEnabled: false, ...options });

/** Subjects of the mails in the server's outbox. */
function outboxSubjects(): string[] {
  const outbox = path.join(inject('dataDir'), 'outbox');
  try {
    return readdirSync(outbox).map(
      (file) => (JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { subject: string }).subject,
    );
  } catch {
    return [];
  }
}

/** A plain form post, as a page elsewhere (or a visitor's own HTML) could send it, with the admin's token. */
async function formPost(method: string, pathname: string, fields: Record<string, string>) {
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${await adminToken()}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return res.status;
}

// The demo has 1 carpet photo: a few more give the "carpet" search two pages.
const extraPhotos: number[] = [];
beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    const { body } = await visitor.api<GalleryPhoto>('POST', '/api/gallery/upload', {
      admin: true,
      body: { image_url: '/demo/carpet.webp', caption: `No Script ${stamp} ${i}`, category: 'Carpets' },
    });
    extraPhotos.push(body.id);
  }
});
afterAll(async () => {
  for (const id of extraPhotos) await visitor.api('DELETE', `/api/gallery/${id}`, { admin: true });
});

describe('with JavaScript off', () => {
  it('the phone menu opens and its links lead on', async () => {
    const page = await noScript({ viewport: PHONE });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const reviews = nav.getByRole('link', { name: 'Reviews', exact: true });
    expect(await reviews.isVisible()).toBe(false);
    await nav.getByLabel('Menu').click();
    await reviews.waitFor({ state: 'visible' });
    await reviews.click();
    await page.waitForURL('**/reviews');
    await visitor.main(page).getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    await page.context().close();
  });

  it('pages through the reviews and opens one', async () => {
    const { body: second, headers } = await visitor.api<Review[]>('GET', '/api/reviews?page=2&limit=12');
    const pages = Math.ceil(Number(headers.get('x-total-count')) / 12);
    expect(pages).toBeGreaterThan(1);
    const page = await noScript();
    await page.goto('/reviews');
    await visitor.main(page).getByText(`Page 1 of ${pages}`).waitFor();
    await visitor.main(page).getByRole('link', { name: 'Next' }).click();
    await visitor.main(page).getByText(`Page 2 of ${pages}`).waitFor();
    const reviewer = second[0] as Review;
    await visitor.main(page).getByText(reviewer.reviewer_name, { exact: true }).waitFor();

    await visitor
      .main(page)
      .getByRole('link', { name: `Open the review by ${reviewer.reviewer_name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Reviewed by ${reviewer.reviewer_name}`);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    await visitor.main(page).getByRole('link', { name: 'Previous' }).click();
    await visitor.main(page).getByText(`Page 1 of ${pages}`).waitFor();
    expect(await visitor.main(page).getByText(reviewer.reviewer_name, { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('filters and pages the gallery in one order: every match once, none twice', async () => {
    const { body: carpets } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery?category=carpet');
    expect(carpets.length).toBeGreaterThan(12);
    const page = await noScript();
    await page.goto('/gallery');
    await visitor.main(page).getByLabel('Search by category').fill('carpet');
    await visitor.main(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/category=carpet/);
    const seed = new URL(page.url()).searchParams.get('seed');
    expect(seed).toMatch(/^\d+$/);
    const seen = await visitor.shownPhotoIds(page);
    expect(seen).toHaveLength(12);

    const pages = visitor.main(page).getByRole('navigation', { name: 'Gallery pages' }).getByRole('link');
    expect(await pages.count()).toBe(Math.ceil(carpets.length / 12));
    for (let n = 2; n <= Math.ceil(carpets.length / 12); n++) {
      await pages.nth(n - 1).click();
      await page.waitForURL(new RegExp(`page=${n}`));
      expect(new URL(page.url()).searchParams.get('seed')).toBe(seed);
      expect(new URL(page.url()).searchParams.get('category')).toBe('carpet');
      seen.push(...(await visitor.shownPhotoIds(page)));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(carpets.map((p) => p.id).sort((a, b) => a - b));

    // A photo opens as a page with its dialog, and Close leaves the page as it was.
    await visitor.main(page).locator('ul li a[href*="photo="]').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('dd').nth(1).textContent()).toBe('Carpet');
    await dialog.getByRole('link', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('seed')).toBe(seed);
    await page.context().close();
  });

  it('opens a package, follows Book Now, and the booking request reaches the hub and the owner', async () => {
    const { body: packages } = await visitor.api<Package[]>('GET', '/api/packages');
    const pkg = packages[0] as Package;
    const name = `No Script Booker ${stamp}`;
    const mailsBefore = outboxCount();
    const page = await noScript();
    await page.goto('/packages');
    const dialog = await visitor.openPackage(page, pkg);
    await dialog.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL(`**/contact?package=${pkg.id}`);

    const form = visitor.bookingForm(page);
    expect(await form.getByLabel(/^Package/).inputValue()).toBe(String(pkg.id));
    await visitor.fillBookingForm(form, {
      name,
      email: 'no.script@example.com',
      phone: '(860) 555-0199',
      town: 'Plainville',
      description: 'Sent with JavaScript off.',
    });
    await form.getByRole('button', { name: 'Send Request' }).click();
    // The form posts to /contact#booking-problem; the redirect keeps that fragment (no such element after a success).
    await page.waitForURL(/\/contact\?sent=1(#booking-problem)?$/);
    await visitor
      .main(page)
      .getByText('Thank you! We received your request and will get back to you soon.')
      .waitFor();

    const stored = await visitor.expectOneInquiry(
      name,
      {
        email: 'no.script@example.com',
        phone_number: '8605550199',
        call_or_text: 'text',
        town: 'Plainville',
        status: 'New Inquiry',
      },
      [pkg.title, 'Sent with JavaScript off.'],
    );
    await expect.poll(outboxCount).toBeGreaterThan(mailsBefore);
    await expect.poll(outboxSubjects).toContain(`New booking request from ${name}`);
    await visitor.api('DELETE', `/api/inquiries/${stored.id}`, { admin: true });
    await page.context().close();
  });

  it('prices a home with "See price", picks an open time and sends: the inquiry holds its quote and time', async () => {
    const { body: packages } = await visitor.api<Package[]>('GET', '/api/packages');
    const { body: pricing } = await visitor.api<Pricing>('GET', '/api/pricing');
    const { body: site } = await visitor.api<SiteConfig>('GET', '/api/site-config');
    const priced = packages.find((p) => pricing.packages.some((b) => b.package_id === p.id)) as Package;
    const extra = pricing.extras[0] as Pricing['extras'][number];
    const choice = {
      package_id: priced.id,
      bedrooms: 3,
      bathrooms: 2,
      extras: [extra.key],
      frequency: 'every_2_weeks' as const,
    };
    const expected = quote(pricing, packages, choice);
    if (!expected.ok) throw new Error(expected.error);
    const name = `No Script Quote ${stamp}`;
    const page = await noScript();
    await page.goto('/contact');
    const form = visitor.bookingForm(page);
    // Typed before pricing: "See price" must not lose it.
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Package').selectOption(String(priced.id));
    await form.getByLabel('Bedrooms').selectOption('3');
    await form.getByLabel('Bathrooms').selectOption('2');
    await form.getByLabel(new RegExp(`^${extra.name}`)).check();
    await form.getByLabel('How often?').selectOption('every_2_weeks');
    await form.getByRole('button', { name: 'See price' }).click();
    await page.waitForURL(/package_id=/);

    expect(await form.getByTestId('estimate-amount').textContent()).toBe(formatMoney(expected.quote.amount));
    expect(await form.getByLabel('Package').inputValue()).toBe(String(priced.id));
    expect(await form.getByLabel('Bedrooms').inputValue()).toBe('3');
    expect(await form.getByLabel(new RegExp(`^${extra.name}`)).isChecked()).toBe(true);
    expect(await form.getByLabel('How often?').inputValue()).toBe('every_2_weeks');
    expect(await form.getByLabel('Name').inputValue()).toBe(name);

    // The open times the server rendered are those for this visit's length and frequency.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: site.timezone }).format(new Date());
    const { body: slots } = await visitor.api<string[]>(
      'GET',
      `/api/slots?from=${today}&duration_minutes=${expected.quote.duration_minutes}&frequency=every_2_weeks`,
    );
    expect(slots.length).toBeGreaterThan(0);
    const offered = await form
      .locator('input[name="requested_start"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(offered).toEqual(['', ...slots]);
    const chosen = slots[1] ?? (slots[0] as string);
    const radio = form.locator(`input[name="requested_start"][value="${chosen}"]`);
    // Its day opens natively (<details>), then the time is chosen.
    await radio.locator('xpath=ancestor::details/summary').click();
    await radio.check();

    await visitor.fillBookingForm(form, {
      name,
      email: 'no.script.quote@example.com',
      town: 'Bristol',
      description: 'Priced with JavaScript off.',
    });
    await form.getByLabel('How did you hear about us? (optional)').selectOption('nextdoor');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Request' }).click();
    expect((await answer).status()).toBe(303);
    // The form posts to /contact#booking-problem; the redirect keeps that fragment (no such element after a success).
    await page.waitForURL(/\/contact\?sent=1(#booking-problem)?$/);

    // The owner's new-request mail, as for every booking request.
    await expect.poll(outboxSubjects).toContain(`New booking request from ${name}`);
    const stored = await visitor.expectOneInquiry(name, { heard_from: 'nextdoor' } as Partial<Inquiry>, [
      'Priced with JavaScript off.',
    ]);
    const { body: visits } = await visitor.api<Visit[]>(
      'GET',
      `/api/visits?from=${today}&to=${chosen.slice(0, 10)}`,
      {
        admin: true,
      },
    );
    const hold = visits.find((v) => v.inquiry_id === stored.id);
    expect(hold).toMatchObject({ kind: 'request', status: 'requested' });
    expect(new Date(hold?.start ?? 0).getTime()).toBe(new Date(chosen).getTime());
    // The server priced the choice again itself (never the browser's number).
    expect(stored.quote).toMatchObject({ ...choice, amount: expected.quote.amount });
    if (hold)
      await visitor.api('PATCH', `/api/visits/${hold.key}`, { admin: true, body: { status: 'declined' } });
    await visitor.api('DELETE', `/api/inquiries/${stored.id}`, { admin: true });
    await page.context().close();
  });

  it('a refused booking request shows the problem beside its field and keeps the rest of the input', async () => {
    const email = `refused.${stamp}@example.com`;
    const inquiryCount = async () =>
      Number(
        (await visitor.api('GET', '/api/inquiries?limit=1', { admin: true })).headers.get('x-total-count'),
      );
    const countBefore = await inquiryCount();
    const page = await noScript();
    await page.goto('/contact');
    const form = visitor.bookingForm(page);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Town').selectOption('Bristol');
    await form.getByLabel('What can we help with?').fill('No name given.');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Request' }).click();
    expect((await answer).status()).toBe(400);
    await form.getByText('Name is required.').waitFor();
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    expect(await form.getByLabel('Town').inputValue()).toBe('Bristol');
    expect(await form.getByLabel('What can we help with?').inputValue()).toBe('No name given.');

    expect(await inquiryCount()).toBe(countBefore);
    await page.context().close();
  });

  it('a review is sent and waits for the owner', async () => {
    const name = `No Script Reviewer ${stamp}`;
    const page = await noScript();
    await page.goto('/reviews');
    await visitor.main(page).getByRole('link', { name: 'Share Your Experience' }).click();
    const form = visitor.main(page).getByRole('form', { name: 'Share your experience' });
    await form.waitFor();
    await form.getByLabel('Name').fill(name);
    // Chosen from the keyboard, as the native radio group allows without script. (A click is flaky here: a star
    // grows while hovered, so the pointer can land on its neighbour's label mid-transition.)
    await form.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('Space');
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await form.getByLabel('Comment').fill('Lovely work, and no script needed.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await page.waitForURL('**/reviews?sent=1');
    await visitor.main(page).getByText('Thank you! Your review will appear once approved.').waitFor();
    expect(await visitor.main(page).getByText(name).count()).toBe(0);

    const { body: pending } = await visitor.api<Review[]>('GET', '/api/reviews/pending', {
      admin: true,
    });
    const mine = pending.find((review) => review.reviewer_name === name);
    expect(mine).toMatchObject({
      rating: 4,
      comment: 'Lovely work, and no script needed.',
      status: 'pending',
    });
    await visitor.api('DELETE', `/api/reviews/${mine?.id}`, { admin: true });
    await page.context().close();
  });

  it('no owner route takes a form post, even with the token', async () => {
    const { body: statusBefore } = await visitor.api<ContactStatus>('GET', '/api/contact-status');
    const { body: packagesBefore } = await visitor.api<Package[]>('GET', '/api/packages');
    const { body: galleryBefore } = await visitor.api<GalleryPhoto[]>('GET', '/api/gallery');
    expect(statusBefore.is_open).toBe(true);

    for (const method of ['POST', 'PATCH']) {
      const status = await formPost(method, '/api/contact-status', { is_open: 'false' });
      expect(status, method).toBeGreaterThanOrEqual(400);
      expect(status, method).toBeLessThan(500);
    }
    expect(await formPost('POST', '/api/packages', { title: `Form ${stamp}`, amount: '10' })).toBe(415);
    expect(
      await formPost('POST', '/api/gallery/upload', {
        image_url: '/demo/kitchen.webp',
        category: 'Kitchen',
      }),
    ).toBe(415);

    expect((await visitor.api<ContactStatus>('GET', '/api/contact-status')).body).toEqual(statusBefore);
    expect((await visitor.api<Package[]>('GET', '/api/packages')).body).toEqual(packagesBefore);
    expect((await visitor.api<GalleryPhoto[]>('GET', '/api/gallery')).body).toHaveLength(
      galleryBefore.length,
    );
  });
});
