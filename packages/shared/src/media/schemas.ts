import { z } from 'zod';

/** The widths an uploaded photo is encoded at (never wider than the photo itself). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** The form field (multipart part) an uploaded photo travels in. */
export const PHOTO_FIELD = 'image';

/** The file types an upload may be, decided from its bytes (the browser's file picker is told the same). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/**
 * An uploaded photo's encodings, for `<picture>`: AVIF and WebP sources and a JPEG fallback, each a `srcset` of
 * its widths; `width` and `height` are the largest's, so the page reserves the right box before the image loads.
 */
export const responsiveImageSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
  srcset: z.string(),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

/** POST /api/media (admin): the uploaded photo's link (its largest JPEG) and its encodings. */
export const uploadedPhotoSchema = z.object({ image_url: z.string(), image: responsiveImageSchema }).meta({
  examples: [
    {
      image_url: `/media/${'ab'.repeat(32)}.jpg`,
      image: {
        width: 1280,
        height: 960,
        sources: [{ type: 'image/avif', srcset: `/media/${'cd'.repeat(32)}.avif 320w` }],
        srcset: `/media/${'ab'.repeat(32)}.jpg 1280w`,
      },
    },
  ],
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

/** GET /media/{file}: a content-addressed encoding, the SHA-256 of its bytes and its type's extension. */
export const mediaParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{64}\.(avif|webp|jpg)$/, 'There is no such image.')
    .meta({ description: 'The SHA-256 of the bytes, then .avif, .webp or .jpg.' }),
});
