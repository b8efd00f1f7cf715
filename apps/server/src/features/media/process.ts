import { createHash } from 'node:crypto';
import { PHOTO_TYPES, PHOTO_WIDTHS } from '@clean/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';

// libvips works on its own threads (never the event loop); one thread per image, so the uploads processed at once
// (config.uploads.concurrency) use at most that many cores and requests keep the rest. No operation cache: a
// photo's decoded pixels are freed once it is done rather than kept for a repeat that never comes.
sharp.concurrency(1);
sharp.cache(false);

/** One encoding of a photo, named by the SHA-256 of its bytes. */
export type Variant = {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
};
/** A processed photo: its encodings, and `original`, the hash of its largest JPEG (the one its link names). */
export type ProcessedPhoto = { original: string; variants: Variant[] };

/**
 * Qualities tuned on phone photos of rooms: AVIF at 50 and WebP at 75 look alike and come out near 60% and 80% of
 * the JPEG's size (effort kept low: AVIF's higher efforts cost seconds per photo on a small server for a few %).
 */
const ENCODINGS: Array<{ type: string; encode: (image: Sharp) => Sharp }> = [
  { type: 'image/avif', encode: (image) => image.avif({ quality: 50, effort: 2 }) },
  { type: 'image/webp', encode: (image) => image.webp({ quality: 75, effort: 4 }) },
  { type: 'image/jpeg', encode: (image) => image.jpeg({ quality: 78, mozjpeg: true }) },
];

/** The most pixels a side of a WebP may have (AVIF's limit is 16,384, JPEG's 65,535): no variant is taller. */
const TALLEST = 16_383;

const TYPES_SAID = 'The photo must be a JPEG, PNG, WebP or AVIF image.';

/**
 * Turns an uploaded file into its encodings: the type decided from its bytes (never the name or the client's
 * word), a pixel count above `maxPixels` refused before anything is decoded (a small file declaring a huge image
 * is a decompression bomb), the EXIF orientation applied, then each width of PHOTO_WIDTHS up to the photo's own
 * in AVIF, WebP and JPEG. Nothing of the file's metadata is kept: sharp writes none unless asked
 * (`keepMetadata`/`withMetadata`), so the GPS position a phone stores goes with the rest (tests read it back).
 */
export async function processPhoto(
  file: Buffer,
  maxPixels: number,
  /** Only these encodings (a private photo needs its JPEGs alone); every one when absent. */
  types?: readonly string[],
): Promise<ProcessedPhoto> {
  const type = await fileTypeFromBuffer(file);
  if (!type || !(PHOTO_TYPES as readonly string[]).includes(type.mime)) {
    throw new UnsupportedMediaTypeError(TYPES_SAID);
  }
  // failOn 'error': a phone's JPEG with a harmless warning (a few bytes short) still goes through.
  const input = { limitInputPixels: maxPixels, failOn: 'error' as const };
  const tooLarge = new PayloadTooLargeError(
    `The photo is too large: at most ${Math.round(maxPixels / 1e6)} megapixels are taken.`,
  );
  const unreadable = (err: Error) =>
    /pixel limit/i.test(err.message)
      ? tooLarge
      : new ValidationError('The photo could not be read: the file is damaged or incomplete.');
  // The header alone: sharp refuses one declaring more than maxPixels here, before a pixel is decoded.
  const meta = await sharp(file, input)
    .metadata()
    .catch((err: Error) => {
      throw unreadable(err);
    });
  if (!meta.width || !meta.height) throw new UnsupportedMediaTypeError(TYPES_SAID);
  if (meta.width * meta.height > maxPixels) throw tooLarge;

  // Decoded once, turned upright and shrunk to the largest width kept (a JPEG shrinks while decoding, so a 12 MP
  // photo never lies in memory whole); the smaller widths and every format are made from these pixels. A photo
  // taller than WebP can hold (a 100 × 20,000 px strip) is shrunk to fit too, rather than failing its encoding.
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  const { data, info } = await sharp(file, input)
    .rotate()
    .resize({ width: largest, height: TALLEST, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((err: Error) => {
      throw unreadable(err);
    });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const widths = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, info.width)))];

  const variants: Variant[] = [];
  for (const width of widths) {
    for (const { type: contentType, encode } of ENCODINGS.filter((e) => !types || types.includes(e.type))) {
      let image = sharp(data, raw).resize({ width });
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      if (contentType === 'image/jpeg') image = image.flatten({ background: '#ffffff' });
      const out = await encode(image).toBuffer({ resolveWithObject: true });
      variants.push({
        hash: createHash('sha256').update(out.data).digest('hex'),
        contentType,
        width: out.info.width,
        height: out.info.height,
        bytes: out.data,
      });
    }
  }
  const jpegs = variants.filter((v) => v.contentType === 'image/jpeg');
  const original = jpegs[jpegs.length - 1]?.hash;
  if (!original) throw new Error('no JPEG was made');
  return { original, variants };
}
