import { PHOTO_FORMATS, type ResponsiveImage } from '@clean/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoVariants } from '../../db/schema';
import type { ProcessedPhoto } from './process';

const TYPES = new Map<string, string>(PHOTO_FORMATS.map((f) => [f.ext, f.type]));
const EXTENSIONS = new Map<string, string>(PHOTO_FORMATS.map((f) => [f.type, f.ext]));

/** An encoding's file named by the SHA-256 of its bytes: how a photo's link (its largest JPEG) is stored. */
export const mediaUrl = (hash: string, contentType: string) =>
  `/media/${hash}.${EXTENSIONS.get(contentType)}`;

/** A /media/ file name: `{photo id}-{width}.{ext}`, or `{sha-256 of the bytes}.{ext}` (groups: name, width, ext). */
const FILE = /^([0-9a-f]{64})(?:-([0-9]+))?\.([a-z]+)$/;

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
  /**
   * Stores a processed photo's encodings. An identical photo uploaded before already has them, and they are kept as
   * they are: a row is never replaced, so an address never serves other bytes than it did (the bytes' hash is the
   * key, and the photo, width and type one name only one row).
   */
  async save(photo: ProcessedPhoto): Promise<void> {
    await db
      .insert(photoVariants)
      .values(photo.variants.map((v) => ({ ...v, original: photo.original })))
      .onConflictDoNothing();
  },

  /**
   * One encoding's bytes and their hash (its ETag), by the file name it is served under (`{id}-{width}.{ext}` or
   * `{hash}.{ext}`); undefined when there is none.
   */
  async file(name: string): Promise<{ hash: string; contentType: string; bytes: Buffer } | undefined> {
    const [, id = '', width, ext = ''] = FILE.exec(name) ?? [];
    const contentType = TYPES.get(ext);
    if (!id || !contentType) return undefined;
    const [row] = await db
      .select({ hash: photoVariants.hash, bytes: photoVariants.bytes })
      .from(photoVariants)
      .where(
        width === undefined
          ? and(eq(photoVariants.hash, id), eq(photoVariants.contentType, contentType))
          : and(
              eq(photoVariants.original, id),
              eq(photoVariants.contentType, contentType),
              eq(photoVariants.width, Number(width)),
            ),
      );
    if (!row) return undefined;
    // pg gives a Buffer; PGlite a Uint8Array: wrap it, without copying, to send it.
    const bytes = Buffer.isBuffer(row.bytes)
      ? row.bytes
      : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    return { hash: row.hash, contentType, bytes };
  },

  /**
   * What draws the `<picture>` of every uploaded photo among `urls` (links to other images have none): its id and
   * the widths of its JPEGs (every format is made at each). One query, and none at all when no link is an uploaded
   * photo's.
   */
  async imagesFor(urls: Iterable<string>): Promise<Map<string, ResponsiveImage>> {
    const originals = [...new Set([...urls].map(originalOf).filter((o): o is string => !!o))];
    const images = new Map<string, ResponsiveImage>();
    if (originals.length === 0) return images;
    const rows = await db
      .select({
        original: photoVariants.original,
        width: photoVariants.width,
        height: photoVariants.height,
      })
      .from(photoVariants)
      .where(and(inArray(photoVariants.original, originals), eq(photoVariants.contentType, 'image/jpeg')))
      .orderBy(photoVariants.width);
    for (const original of originals) {
      const jpegs = rows.filter((r) => r.original === original);
      const largest = jpegs[jpegs.length - 1];
      if (!largest) continue;
      images.set(`/media/${original}.jpg`, {
        id: original,
        width: largest.width,
        height: largest.height,
        widths: jpegs.map((r) => r.width),
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
export type MediaStore = ReturnType<typeof mediaStore>;
