import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';

export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: serial('id').primaryKey(),
    imageUrl: text('image_url').notNull(),
    caption: text('caption'),
    category: text('category').notNull().default('Uncategorized'),
    photoType: text('photo_type'),
    createdAt: createdAt(),
  },
  (t) => [index('gallery_photos_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops'))],
);

/**
 * The encoded images made from one uploaded photo (features/media): each width in AVIF, WebP and JPEG, metadata
 * stripped. `original` is the photo's id: the SHA-256 of its largest JPEG, the one its `image_url` links to
 * (/media/{original}.jpg). Pages name an encoding by the photo, its width and its format
 * (/media/{original}-{width}.{ext}: one unique name, and rows are never replaced, so a URL never changes meaning);
 * `hash`, the SHA-256 of its bytes, is its ETag and its older name (/media/{hash}.{ext}). Kept in the database so
 * every server serves every photo and backups carry them.
 */
export const photoVariants = pgTable(
  'photo_variants',
  {
    hash: text('hash').primaryKey(),
    original: text('original').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('photo_variants_name_idx').on(t.original, t.contentType, t.width)],
);
