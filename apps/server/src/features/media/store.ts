import type { ResponsiveImage } from '@clean/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoVariants } from '../../db/schema';
import type { ProcessedPhoto } from './process';

const EXTENSIONS: Record<string, string> = {
  'image/avif': 'avif',
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
};
const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Where an encoding is served: its hash and its type's extension, so the address never changes meaning. */
export const mediaUrl = (hash: string, contentType: string) => `/media/${hash}.${EXTENSIONS[contentType]}`;

const MEDIA_URL = /^\/media\/([0-9a-f]{64})\.jpg$/;
/** The photo an image link names, if it is an uploaded one (its largest JPEG's hash). */
export const originalOf = (url: string): string | undefined => MEDIA_URL.exec(url)?.[1];

/** The image links stored elsewhere: a photo's encodings stay while any of them still names it. */
const LINKS = [
  sql`select image_url from packages`,
  sql`select image_url from gallery_photos`,
  sql`select photo_url from reviews where photo_url is not null`,
];

export const mediaStore = (db: Db) => ({
  /** Stores a processed photo's encodings (an identical one uploaded before already has them: kept as they are). */
  async save(photo: ProcessedPhoto): Promise<void> {
    await db
      .insert(photoVariants)
      .values(photo.variants.map((v) => ({ ...v, original: photo.original })))
      .onConflictDoNothing();
  },

  /** One encoding's bytes, by the file name it is served under; undefined when there is none. */
  async file(hash: string, ext: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const contentType = TYPES[ext];
    if (!contentType) return undefined;
    const [row] = await db
      .select({ bytes: photoVariants.bytes })
      .from(photoVariants)
      .where(and(eq(photoVariants.hash, hash), eq(photoVariants.contentType, contentType)));
    if (!row) return undefined;
    // pg gives a Buffer; PGlite a Uint8Array: wrap it, without copying, to send it.
    const bytes = Buffer.isBuffer(row.bytes)
      ? row.bytes
      : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    return { contentType, bytes };
  },

  /**
   * The `<picture>` sources of every uploaded photo among `urls` (links to other images have none). One query,
   * and none at all when no link is an uploaded photo's.
   */
  async imagesFor(urls: Iterable<string>): Promise<Map<string, ResponsiveImage>> {
    const originals = [...new Set([...urls].map(originalOf).filter((o): o is string => !!o))];
    const images = new Map<string, ResponsiveImage>();
    if (originals.length === 0) return images;
    const rows = await db
      .select({
        hash: photoVariants.hash,
        original: photoVariants.original,
        contentType: photoVariants.contentType,
        width: photoVariants.width,
        height: photoVariants.height,
      })
      .from(photoVariants)
      .where(inArray(photoVariants.original, originals))
      .orderBy(photoVariants.width);
    for (const original of originals) {
      const mine = rows.filter((r) => r.original === original);
      const jpegs = mine.filter((r) => r.contentType === 'image/jpeg');
      const largest = jpegs[jpegs.length - 1];
      if (!largest) continue;
      const srcset = (type: string) =>
        mine
          .filter((r) => r.contentType === type)
          .map((r) => `${mediaUrl(r.hash, r.contentType)} ${r.width}w`)
          .join(', ');
      images.set(`/media/${original}.jpg`, {
        width: largest.width,
        height: largest.height,
        sources: ['image/avif', 'image/webp'].map((type) => ({ type, srcset: srcset(type) })),
        srcset: srcset('image/jpeg'),
      });
    }
    return images;
  },

  /**
   * Deletes the encodings of the photo `url` names, unless a package, a gallery photo or a review still links to
   * it (call it after the record that linked to it is gone). One statement: nothing runs between looking and deleting.
   */
  async removeUnused(url: string): Promise<void> {
    const original = originalOf(url);
    if (!original) return;
    const link = `/media/${original}.jpg`;
    const used = sql.join(
      LINKS.map((q) => sql`${link} in (${q})`),
      sql` or `,
    );
    await db.execute(sql`delete from ${photoVariants} where original = ${original} and not (${used})`);
  },

  /**
   * Deletes the encodings of every photo no package, gallery photo or review links to and made before
   * `uploadedBefore` (a photo uploaded for a form the owner has not saved yet is not an orphan); answers how many
   * encodings went. Such photos are those uploaded for a form never saved, or left by a change of link made before
   * deletes took their photo along. One statement, as above.
   */
  async removeOrphans(uploadedBefore: Date): Promise<number> {
    const links = sql.join(LINKS, sql` union all `);
    const deleted = await db
      .delete(photoVariants)
      .where(
        sql`${photoVariants.createdAt} < ${uploadedBefore.toISOString()}
          and '/media/' || ${photoVariants.original} || '.jpg' not in (select l from (${links}) as links(l) where l is not null)`,
      )
      .returning({ hash: photoVariants.hash });
    return deleted.length;
  },
});
