import { z } from 'zod';

/** The widths an uploaded photo is encoded at (never wider than the photo itself). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** The form field (multipart part) an uploaded photo travels in. */
export const PHOTO_FIELD = 'image';

/** The file types an upload may be, decided from its bytes (the browser's file picker is told the same). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/**
 * An uploaded photo, as pages and forms need it to draw a `<picture>` (photoSources, urls.ts): its id (the SHA-256
 * of its largest JPEG, served at /media/{id}-{width}.{avif|webp|jpg}), the widths it is encoded at, and `width` and
 * `height`, the largest's, so the page reserves the right box before the image loads.
 */
export const responsiveImageSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

/** POST /api/media (admin): the uploaded photo's link (its largest JPEG) and what draws its `<picture>`. */
export const uploadedPhotoSchema = z.object({ image_url: z.string(), image: responsiveImageSchema }).meta({
  examples: [
    {
      image_url: `/media/${'ab'.repeat(32)}.jpg`,
      image: { id: 'ab'.repeat(32), width: 1280, height: 960, widths: [320, 640, 1280] },
    },
  ],
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

/**
 * GET /media/{file}: an encoding of an uploaded photo, named by the photo's id, its width and its format
 * (`{id}-{width}.{ext}`, what `<picture>`s name), or by the SHA-256 of its bytes (`{hash}.{ext}`: a photo's stored
 * link, `/media/{id}.jpg`, names its largest JPEG that way, and srcsets made before the names with a width did so).
 */
export const mediaParams = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{64}(-[1-9][0-9]{0,4})?\.(avif|webp|jpg)$/, 'There is no such image.')
    .meta({
      description:
        'The photo id and width (`{id}-{width}`), or an encoding’s SHA-256, then .avif, .webp or .jpg.',
    }),
});
