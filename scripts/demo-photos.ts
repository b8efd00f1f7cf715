/**
 * The second half of `npm run demo-images`: puts each demo picture (the WebP files drawn from the SVG sources in
 * apps/web/public/demo) through the upload pipeline — `processPhoto`, the code an owner's upload runs — and writes
 * the encodings it makes into apps/server/src/db/demo-photos/ (`<sha-256>.<ext>`, as they are served) with
 * manifest.json naming each picture's link and encodings. A new install stores them in photo_variants with the
 * demo rows (db/demo.ts), so its pages show uploaded photos. Made here rather than at the first start: the
 * pipeline takes about 10 s of a core for the 16 pictures, and a new install should answer within a second or two.
 * The output is committed; run this again after editing a demo SVG (npm run demo-images does).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processPhoto } from '../apps/server/src/features/media/process';
import { mediaUrl } from '../apps/server/src/features/media/store';

const pictures = path.resolve(import.meta.dirname, '../apps/web/public/demo');
const out = path.resolve(import.meta.dirname, '../apps/server/src/db/demo-photos');
const EXTENSION: Record<string, string> = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' };

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const manifest: Record<string, unknown> = {};
let total = 0;
// The logo is the site's own mark, not a photo: it stays a file of the web app.
for (const file of readdirSync(pictures).filter((f) => f.endsWith('.webp') && f !== 'logo.webp')) {
  const name = file.slice(0, -'.webp'.length);
  const photo = await processPhoto(readFileSync(path.join(pictures, file)), 50_000_000);
  manifest[name] = {
    imageUrl: mediaUrl(photo.original, 'image/jpeg'),
    original: photo.original,
    variants: photo.variants.map(({ hash, contentType, width, height, bytes }) => {
      const variant = `${hash}.${EXTENSION[contentType]}`;
      writeFileSync(path.join(out, variant), bytes);
      total += bytes.length;
      return { file: variant, hash, contentType, width, height };
    }),
  };
  console.log(`${name}: ${photo.variants.length} encodings`);
}
writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `${Object.keys(manifest).length} pictures, ${total} bytes in ${path.relative(process.cwd(), out)}`,
);
