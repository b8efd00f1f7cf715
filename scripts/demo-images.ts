/**
 * `npm run demo-images`: draws each shipped demo SVG (apps/web/public/demo/*.svg, the editable sources) into a
 * raster file beside it: WebP, plus a PNG of the logo for social previews (which read PNG everywhere). The site shows
 * the raster files because a browser builds a whole SVG document on the page's main thread for every SVG image
 * it draws (20–60 ms each on a throttled phone, npm run lighthouse); a raster image is decoded off that thread.
 * The output is committed; run this again only after editing an SVG.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium';

const dir = path.resolve(import.meta.dirname, '../apps/web/public/demo');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(path.join(dir, file), 'utf8');
    const types = file === 'logo.svg' ? ['image/webp', 'image/png'] : ['image/webp'];
    for (const type of types) {
      const dataUrl = await page.evaluate(
        async ({ svg, type }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          canvas.getContext('2d')?.drawImage(image, 0, 0);
          return canvas.toDataURL(type, 0.8);
        },
        { svg, type },
      );
      const out = file.replace(/\.svg$/, `.${type.slice('image/'.length)}`);
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      writeFileSync(path.join(dir, out), bytes);
      console.log(`${out}: ${bytes.length} bytes`);
    }
  }
} finally {
  await browser.close();
}
