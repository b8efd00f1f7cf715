import { z } from 'zod';
import { imageUrl, optionalText, pageQuery, searchText } from '../common/fields';
import { DEFAULT_GALLERY_CATEGORY, GALLERY_CATEGORIES, GALLERY_SEED_MAX } from '../constants';
import { responsiveImageSchema } from '../media/schemas';

const categoryValues = [DEFAULT_GALLERY_CATEGORY, ...GALLERY_CATEGORIES.map((c) => c.value)] as const;

/** POST /api/gallery/upload (admin). An empty category means Uncategorized. */
export const galleryUploadInput = z.object({
  image_url: imageUrl('Image URL'),
  caption: optionalText('Caption', 300),
  category: z
    .union([
      z.enum(categoryValues, { error: 'Category must be one of the gallery categories.' }),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => v || DEFAULT_GALLERY_CATEGORY),
  photo_type: optionalText('Photo type', 60),
});
export type GalleryUploadInput = z.input<typeof galleryUploadInput>;

/** POST /api/gallery/upload as multipart/form-data: these fields beside the photo file (part `image`). */
export const galleryUploadFields = galleryUploadInput.omit({ image_url: true });

const SEED_RULE = `seed must be a whole number from 1 to ${GALLERY_SEED_MAX}.`;

/**
 * GET /api/gallery?category=&seed=&page=&limit= — `category` is a case-insensitive "contains" filter run in the
 * database; with `seed` the photos come in that seed's repeatable shuffled order (the same on every page),
 * without it newest first.
 */
export const galleryQuery = pageQuery.extend({
  category: searchText,
  seed: z.coerce
    .number({ error: SEED_RULE })
    .int(SEED_RULE)
    .min(1, SEED_RULE)
    .max(GALLERY_SEED_MAX, SEED_RULE)
    .optional()
    .meta({
      description:
        "A visit's shuffle: the photos in a repeatable pseudo-random order computed from it, the same on every page. Without it, newest first.",
    }),
});

export const galleryPhotoSchema = z
  .object({
    id: z.number().int(),
    image_url: z.string(),
    caption: z.string().nullable(),
    category: z.string(),
    photo_type: z.string().nullable(),
    /** Only for an uploaded photo: its encodings for `<picture>` (a link's image has none). */
    image: responsiveImageSchema.optional(),
  })
  .meta({
    examples: [
      {
        id: 1,
        image_url: '/demo/kitchen.jpg',
        caption: 'Kitchen',
        category: 'residential',
        photo_type: 'after',
      },
    ],
  });
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;
