import type { GalleryPhoto, Package, Review } from '@clean/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminPage } from '../support/admin';
import { horizontalOverflow, PHONE, scriptsOf, useBrowser } from '../support/browser';
import { acceptDialogs, api } from '../support/public';

const browser = useBrowser();

const main = (page: Page) => page.locator('main');

describe('packages as the owner', () => {
  it('adds (form toggle, validation), edits (prefilled) and deletes (confirmed) a package', async () => {
    const title = `E2E Package ${Date.now()}`;
    const page = await openAdminPage(browser());
    const dialogs = acceptDialogs(page);
    const scripts = scriptsOf(page);
    await page.goto('/packages');
    const toggle = main(page).getByRole('button', { name: 'Add New Package' });
    await toggle.click();
    const addForm = main(page).getByRole('form', { name: 'Add a package' });
    await addForm.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(scripts.some((s) => s.startsWith('PackageForm'))).toBe(true);
    await toggle.click();
    await addForm.waitFor({ state: 'detached' });
    await toggle.click();

    await addForm.getByRole('button', { name: 'Add Package' }).click();
    await addForm.getByText('Title is required.').waitFor();
    await addForm.getByText('Amount is required.').waitFor();
    await addForm.getByText('Image URL is required.').waitFor();
    await addForm.getByLabel('Title').fill(title);
    await addForm.getByLabel('Amount ($)').fill('abc');
    await addForm.getByLabel('Image URL').fill('not-a-url');
    await addForm.getByRole('button', { name: 'Add Package' }).click();
    await addForm.getByText('Amount must be a number like 120 or 99.50.').waitFor();
    await addForm
      .getByText('Image URL must be an https:// link or a path on this site such as /demo/photo.jpg.')
      .waitFor();
    await addForm.getByLabel('Amount ($)').fill('199.5');
    await addForm.getByLabel('Image URL').fill('/demo/pkg-deep.svg');
    await addForm.getByRole('button', { name: 'Add Package' }).click();
    await addForm.waitFor({ state: 'detached' });
    const card = main(page).getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    const { body: afterAdd } = await api<Package[]>('GET', '/api/packages');
    const created = afterAdd.find((p) => p.title === title) as Package;
    expect(created).toMatchObject({ amount: 199.5, description: '' });

    try {
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const editForm = main(page).getByRole('form', { name: 'Edit package' });
      await editForm.waitFor();
      expect(await editForm.getByLabel('Title').inputValue()).toBe(title);
      expect(await editForm.getByLabel('Amount ($)').inputValue()).toBe('199.50');
      await editForm.getByLabel('Amount ($)').fill('210');
      await editForm.getByLabel('Description (optional)').fill('Edited by the e2e journey.');
      await editForm.getByRole('button', { name: 'Save Changes' }).click();
      await editForm.waitFor({ state: 'detached' });
      await card.getByText('From $210.00').waitFor();
      const { body: afterEdit } = await api<Package[]>('GET', '/api/packages');
      expect(afterEdit.find((p) => p.id === created.id)).toMatchObject({
        amount: 210,
        description: 'Edited by the e2e journey.',
      });

      await card.getByRole('button', { name: `Delete ${title}` }).click();
      await card.waitFor({ state: 'detached' });
      expect(dialogs).toEqual(['Are you sure you want to delete this package?']);
      const { body: afterDelete } = await api<Package[]>('GET', '/api/packages');
      expect(afterDelete.some((p) => p.id === created.id)).toBe(false);
    } finally {
      await api('DELETE', `/api/packages/${created.id}`, { admin: true, allow: [404] });
    }
    await page.context().close();
  });

  it('shows a red message when a save or delete fails (the original client only logged them)', async () => {
    const page = await openAdminPage(browser());
    acceptDialogs(page);
    await page.route(
      (url) => url.pathname.startsWith('/api/packages/'),
      (route) => route.fulfill({ status: 500, json: {} }),
    );
    await page.goto('/packages');
    const { body: packages } = await api<Package[]>('GET', '/api/packages');
    const first = packages[0] as Package;
    await main(page)
      .getByRole('button', { name: `Delete ${first.title}` })
      .click();
    await main(page)
      .getByRole('alert')
      .filter({ hasText: 'Failed to delete the package. Please try again.' })
      .waitFor();
    await main(page)
      .getByRole('button', { name: `Edit ${first.title}` })
      .click();
    const form = main(page).getByRole('form', { name: 'Edit package' });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Failed to save the package. Please try again.' })
      .waitFor();
    expect(await api<Package[]>('GET', '/api/packages').then((r) => r.body.length)).toBe(packages.length);
    await page.context().close();
  });
});

describe('gallery as the owner', () => {
  it('uploads (empty URL alert), shows a broken link as the placeholder, and deletes with confirmation', async () => {
    const caption = `E2E photo ${Date.now()}`;
    const page = await openAdminPage(browser());
    const dialogs = acceptDialogs(page);
    const scripts = scriptsOf(page);
    await page.goto('/gallery');
    const form = main(page).getByRole('form', { name: 'Add to Gallery' });
    await form.waitFor();
    expect(scripts.some((s) => s.startsWith('GalleryUploadForm'))).toBe(true);
    const category = form.getByLabel('Category');
    expect(await category.inputValue()).toBe('Uncategorized');
    expect(await category.locator('option').allTextContents()).toEqual([
      'Select a category',
      'Kitchen',
      'Bathroom',
      'Carpet',
      'Before/After',
      'Moving Day',
      'Garage',
      'Tile/Grout',
      'Office',
      'Uncategorized',
    ]);

    await form.getByRole('button', { name: 'Add to Gallery' }).click();
    await expect.poll(() => dialogs).toEqual(['Please provide an image URL.']);

    // A link that does not resolve to an image, to see the placeholder.
    await form.getByLabel('Image URL').fill(`/demo/missing-${Date.now()}.jpg`);
    await form.getByLabel('Caption (optional)').fill(caption);
    await category.selectOption({ label: 'Moving Day' });
    await form.getByRole('button', { name: 'Add to Gallery' }).click();
    await form.getByRole('status').filter({ hasText: 'Photo uploaded successfully!' }).waitFor();
    expect(await form.getByLabel('Image URL').inputValue()).toBe('');
    const { body: moving } = await api<GalleryPhoto[]>('GET', '/api/gallery?category=MovingDay');
    const created = moving.find((p) => p.caption === caption) as GalleryPhoto;
    expect(created).toMatchObject({ category: 'MovingDay' });

    try {
      await main(page).getByLabel('Search by category').fill('movingday');
      const tile = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('img', { name: caption }) });
      await tile.waitFor();
      await expect
        .poll(() => tile.getByRole('img', { name: caption }).getAttribute('src'))
        .toBe('/photo-placeholder.svg');
      await tile.getByRole('link', { name: caption, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.locator('dd').allTextContents()).toEqual([caption, 'Moving Day']);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await tile.getByRole('button', { name: `Delete photo: ${caption}` }).click();
      await main(page).getByRole('status').filter({ hasText: 'Photo deleted successfully!' }).waitFor();
      await tile.waitFor({ state: 'detached' });
      expect(dialogs.at(-1)).toBe('Are you sure you want to delete this photo?');
      const { body: after } = await api<GalleryPhoto[]>('GET', '/api/gallery?category=MovingDay');
      expect(after.some((p) => p.id === created.id)).toBe(false);
    } finally {
      await api('DELETE', `/api/gallery/${created.id}`, { admin: true, allow: [404] });
    }
    await page.context().close();
  });

  it("reports the server's error, 'Failed to upload photo.', 'An error occurred while uploading.' and a failed delete", async () => {
    const page = await openAdminPage(browser());
    acceptDialogs(page);
    let mode: 'message' | 'bare' | 'offline' = 'message';
    await page.route(
      (url) => url.pathname === '/api/gallery/upload',
      (route) =>
        mode === 'offline'
          ? route.abort('internetdisconnected')
          : route.fulfill({
              status: mode === 'message' ? 400 : 500,
              json: mode === 'message' ? { error: 'Server says no.' } : {},
            }),
    );
    await page.route(
      (url) => /^\/api\/gallery\/\d+$/.test(url.pathname),
      (route) => route.fulfill({ status: 500, json: {} }),
    );
    await page.goto('/gallery');
    const form = main(page).getByRole('form', { name: 'Add to Gallery' });
    for (const [next, message] of [
      ['message', 'Server says no.'],
      ['bare', 'Failed to upload photo.'],
      ['offline', 'An error occurred while uploading.'],
    ] as const) {
      mode = next;
      await form.getByLabel('Image URL').fill('https://img.example/never.jpg');
      await form.getByRole('button', { name: 'Add to Gallery' }).click();
      await form.getByRole('alert').filter({ hasText: message }).waitFor();
    }
    await main(page)
      .getByRole('button', { name: /^Delete photo/ })
      .first()
      .click();
    await main(page)
      .getByRole('alert')
      .filter({ hasText: 'Error deleting photo. Please try again.' })
      .waitFor();
    await page.context().close();
  });
});

describe('reviews as the owner', () => {
  it("deletes a review after confirmation; 'Failed to delete review' when the server refuses", async () => {
    const name = `E2E Owner Review ${Date.now()}`;
    // The owner's own review is published at once.
    const { body: created } = await api<Review>('POST', '/api/reviews', {
      admin: true,
      body: { reviewer_name: name, rating: 5, comment: 'Posted by the e2e journey.', photo_url: null },
    });
    try {
      const page = await openAdminPage(browser());
      const dialogs = acceptDialogs(page);
      await page.goto('/reviews');
      const card = main(page).getByRole('listitem').filter({ hasText: name });
      await card.waitFor();

      const thisReview = (url: URL) => url.pathname === `/api/reviews/${created.id}`;
      await page.route(thisReview, (route) => route.fulfill({ status: 500, json: {} }));
      await card.getByRole('button', { name: `Delete the review by ${name}` }).click();
      await main(page).getByRole('alert').filter({ hasText: 'Failed to delete review' }).waitFor();
      await page.unroute(thisReview);

      await card.getByRole('button', { name: `Delete the review by ${name}` }).click();
      await card.waitFor({ state: 'detached' });
      expect(dialogs).toEqual([
        'Are you sure you want to delete this review?',
        'Are you sure you want to delete this review?',
      ]);
      const { body: publicList } = await api<Review[]>('GET', '/api/reviews');
      expect(publicList.some((r) => r.id === created.id)).toBe(false);
      await page.context().close();
    } finally {
      await api('DELETE', `/api/reviews/${created.id}`, { admin: true, allow: [404] });
    }
  });
});

describe('owner views at phone width', () => {
  it('the edit modes fit 375 px without horizontal scrolling', async () => {
    const page = await openAdminPage(browser(), { viewport: PHONE });
    await page.goto('/packages');
    await main(page).getByRole('button', { name: 'Add New Package' }).click();
    await main(page).getByRole('form').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/gallery');
    await main(page).getByRole('form', { name: 'Add to Gallery' }).waitFor();
    await main(page)
      .getByRole('button', { name: /^Delete photo/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/reviews');
    await main(page)
      .getByRole('button', { name: /^Delete the review/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
