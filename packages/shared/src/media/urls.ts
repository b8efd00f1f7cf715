import type { ResponsiveImage } from './schemas';

/** The encodings an uploaded photo is served in, best first: `<picture>` offers them in this order. */
export const PHOTO_FORMATS = [
  { type: 'image/avif', ext: 'avif' },
  { type: 'image/webp', ext: 'webp' },
  { type: 'image/jpeg', ext: 'jpg' },
] as const;

/**
 * Where one encoding of an uploaded photo is served: the photo's id (the SHA-256 of its largest JPEG), its width
 * and its format's extension. One id per photo rather than one hash per encoding: a page's nine srcset entries of
 * a photo repeat one 64-character name (which compresses) instead of carrying nine (which do not).
 */
export const photoUrl = (id: string, width: number, ext: string) => `/media/${id}-${width}.${ext}`;

/**
 * An uploaded photo's `<picture>` sources, built from its id and widths the same way on the server's render and in
 * the browser, so the page's data carries only those: AVIF and WebP `<source>`s and the JPEG `srcset` of the `<img>`.
 */
export function photoSources(image: Pick<ResponsiveImage, 'id' | 'widths'>): {
  sources: Array<{ type: string; srcset: string }>;
  srcset: string;
} {
  const srcset = (ext: string) => image.widths.map((w) => `${photoUrl(image.id, w, ext)} ${w}w`).join(', ');
  return {
    sources: PHOTO_FORMATS.slice(0, -1).map(({ type, ext }) => ({ type, srcset: srcset(ext) })),
    srcset: srcset('jpg'),
  };
}
