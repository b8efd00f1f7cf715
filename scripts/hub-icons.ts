/**
 * `npm run hub-icons`: draws the installed hub's icons (apps/web/public/hub/) from the site's leaf mark, in Debian's
 * chromium: 192 and 512 px with rounded corners, and a 512 px maskable one whose leaf keeps to the middle 80 %
 * (the safe zone a launcher's mask never cuts). Committed; rerun after changing the mark.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';

const dir = path.resolve(import.meta.dirname, '../apps/web/public/hub');
const leaf =
  '<path d="M9 23c0-8 5-13 15-14-1 10-6 15-14 15" fill="#a7f3d0"/>' +
  '<path d="M9 23c3-4 6-7 10-9" stroke="#0f5f4f" stroke-width="1.6" fill="none" stroke-linecap="round"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f5f4f"/>${leaf}</svg>`;
// Full bleed, the leaf shrunk to 70 % around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f5f4f"/><g transform="translate(4.8 4.8) scale(0.7)">${leaf}</g></svg>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  for (const [name, svg, size] of [
    ['icon-192.png', rounded, 192],
    ['icon-512.png', rounded, 512],
    ['maskable-512.png', maskable, 512],
  ] as const) {
    const dataUrl = await page.evaluate(
      async ({ svg, size }) => {
        const image = new Image(size, size);
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        canvas.getContext('2d')?.drawImage(image, 0, 0, size, size);
        return canvas.toDataURL('image/png');
      },
      { svg, size },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    writeFileSync(path.join(dir, name), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
