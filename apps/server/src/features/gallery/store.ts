import { GALLERY_CATEGORIES, type GalleryPhoto, type ResponsiveImage } from '@clean/shared';
import { desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { galleryPhotos } from '../../db/schema';
import { contains } from '../../lib/search';
import { mediaPhotos } from '../media/service';

type PhotoRow = typeof galleryPhotos.$inferSelect;
type PhotoValues = { image_url: string; caption: string | null; category: string; photo_type: string | null };

export const toPhoto = (row: PhotoRow, image?: ResponsiveImage): GalleryPhoto => ({
  id: row.id,
  image_url: row.imageUrl,
  caption: row.caption,
  category: row.category,
  photo_type: row.photoType,
  ...(image && { image }),
});

/**
 * Photos whose category contains `text`, ignoring case. A category is also found by the label the site shows
 * for it ('moving day' finds MovingDay, shown as Moving Day).
 */
function categoryFilter(text: string): SQL | undefined {
  const needle = text.toLowerCase();
  const byLabel = GALLERY_CATEGORIES.filter((c) => c.label.toLowerCase().includes(needle)).map(
    (c) => c.value,
  );
  const byValue = contains(galleryPhotos.category, text);
  return byLabel.length ? or(byValue, inArray(galleryPhotos.category, byLabel)) : byValue;
}

/**
 * A seed's shuffle, computed by the database: the order of each id's hash salted with the seed. The same seed
 * gives the same order on every page (and across PostgreSQL versions: `hashint4extended` is what hash
 * partitioning stores rows by, so it must never change), another seed another order.
 */
const shuffled = (seed: number) => [sql`hashint4extended(${galleryPhotos.id}, ${seed})`, galleryPhotos.id];

export const galleryStore = (db: Db) => {
  const media = mediaPhotos(db);
  /** Photos as the API answers them, an uploaded one with its encodings. */
  const withImages = async (rows: PhotoRow[]) => {
    const images = await media.imagesFor(rows.map((r) => r.imageUrl));
    return rows.map((r) => toPhoto(r, images.get(r.imageUrl)));
  };
  return {
    /**
     * Photos newest first, or with `seed` in that seed's shuffled order; optionally only those whose category
     * contains `category` (case-insensitive), optionally one page of them. `total` counts every match.
     */
    async list(options: {
      category?: string;
      seed?: number;
      page: { limit: number; offset: number } | null;
    }): Promise<{ items: GalleryPhoto[]; total: number }> {
      const where = options.category ? categoryFilter(options.category) : undefined;
      const query = db
        .select()
        .from(galleryPhotos)
        .where(where)
        .orderBy(
          ...(options.seed === undefined
            ? [desc(galleryPhotos.createdAt), desc(galleryPhotos.id)]
            : shuffled(options.seed)),
        );
      if (!options.page) {
        const rows = await query;
        return { items: await withImages(rows), total: rows.length };
      }
      const rows = await query.limit(options.page.limit).offset(options.page.offset);
      const total = await db.$count(galleryPhotos, where);
      return { items: await withImages(rows), total };
    },
    async create(values: PhotoValues): Promise<GalleryPhoto> {
      const [row] = await db
        .insert(galleryPhotos)
        .values({
          imageUrl: values.image_url,
          caption: values.caption,
          category: values.category,
          photoType: values.photo_type,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const [photo] = await withImages([row]);
      return photo as GalleryPhoto;
    },
    /** Whether a photo was deleted. An uploaded photo's encodings go too, unless something else still shows it. */
    async remove(id: number): Promise<boolean> {
      const [row] = await db
        .delete(galleryPhotos)
        .where(eq(galleryPhotos.id, id))
        .returning({ imageUrl: galleryPhotos.imageUrl });
      if (!row) return false;
      await media.release(row.imageUrl);
      return true;
    },
  };
};

/** Deletes these gallery photos; answers their photo links (the demo's removal). */
export async function removeGalleryPhotos(db: Db, ids: number[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(galleryPhotos)
    .where(inArray(galleryPhotos.id, ids))
    .returning({ url: galleryPhotos.imageUrl });
  return rows.map((r) => r.url);
}
