import { z } from 'zod';
import { imageUrl, optionalText, pageQuery, searchText } from '../common/fields';
import { DEFAULT_GALLERY_CATEGORY, GALLERY_CATEGORIES } from '../constants';

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

/** GET /api/gallery?category= — a case-insensitive "contains" filter run in the database. */
export const galleryQuery = pageQuery.extend({ category: searchText });

export const galleryPhotoSchema = z
  .object({
    id: z.number().int(),
    image_url: z.string(),
    caption: z.string().nullable(),
    category: z.string(),
    photo_type: z.string().nullable(),
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
