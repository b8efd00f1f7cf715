import type { GalleryPhoto } from '@clean/shared';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { phonePhoto } from '../../apps/server/test/support/photos';
import { openAdminPage } from '../support/admin';
import { baseUrl, useBrowser } from '../support/browser';
import { api } from '../support/public';

const browser = useBrowser();

describe('a photo from the phone', () => {
  it('goes from the owner’s file picker to the public gallery as a <picture>, AVIF in Chromium, without its GPS', async () => {
    const caption = `Phone photo ${Date.now()}`;
    const page = await openAdminPage(browser());
    await page.goto('/gallery');
    const form = page.locator('main').getByRole('form', { name: 'Add to Gallery' });
    await form.waitFor();
    await form.getByLabel('Or take or choose a photo').setInputFiles({
      name: 'IMG_0420.JPG',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(2000, 1500),
    });
    await form.getByLabel('Caption (optional)').fill(caption);
    await form.getByLabel('Category').selectOption({ label: 'Kitchen' });
    await form.getByRole('button', { name: 'Add to Gallery' }).click();
    await form.getByRole('status').filter({ hasText: 'Photo uploaded successfully!' }).waitFor();
    await page.context().close();

    const { body: kitchen } = await api<GalleryPhoto[]>('GET', '/api/gallery?category=Kitchen');
    const created = kitchen.find((p) => p.caption === caption) as GalleryPhoto;
    try {
      expect(created.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
      // The server's HTML already has the <picture> (before any script).
      const html = await (await fetch(`${baseUrl()}/gallery?category=Kitchen`)).text();
      expect(html).toContain('<picture');
      expect(html).toContain('type="image/avif"');

      const visitor = await (await browser().newContext({ baseURL: baseUrl() })).newPage();
      await visitor.goto('/gallery?category=Kitchen');
      const img = visitor.getByRole('img', { name: caption });
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      const shown = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
      expect(shown).toMatch(new RegExp(`/media/${created.image_url.slice(7, 71)}-[0-9]+\\.avif$`));
      const bytes = Buffer.from(await (await fetch(shown)).arrayBuffer());
      expect(bytes.includes('Exif')).toBe(false);
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
      await visitor.context().close();
    } finally {
      await api('DELETE', `/api/gallery/${created.id}`, { admin: true, allow: [404] });
    }
  });
});
