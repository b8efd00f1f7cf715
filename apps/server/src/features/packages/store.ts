import type { Package, ResponsiveImage } from '@clean/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema';
import { mediaPhotos } from '../media/service';

type PackageRow = typeof packages.$inferSelect;
type PackageValues = { title: string; amount: number; image_url: string; description: string };

export const toPackage = (row: PackageRow, image?: ResponsiveImage): Package => ({
  id: row.id,
  title: row.title,
  amount: row.amount,
  image_url: row.imageUrl,
  description: row.description,
  ...(image && { image }),
});

const columns = (v: PackageValues) => ({
  title: v.title,
  amount: v.amount,
  imageUrl: v.image_url,
  description: v.description,
});

export const packagesStore = (db: Db) => {
  const media = mediaPhotos(db);
  /** Packages as the API answers them, one with an uploaded photo with its encodings. */
  const withImages = async (rows: PackageRow[]) => {
    const images = await media.imagesFor(rows.map((r) => r.imageUrl));
    return rows.map((r) => toPackage(r, images.get(r.imageUrl)));
  };
  return {
    /** The whole list in a stable order: cheapest first, then oldest. */
    async list(): Promise<Package[]> {
      return withImages(await db.select().from(packages).orderBy(asc(packages.amount), asc(packages.id)));
    },
    async create(values: PackageValues): Promise<Package> {
      const [row] = await db.insert(packages).values(columns(values)).returning();
      if (!row) throw new Error('insert returned no row');
      return (await withImages([row]))[0] as Package;
    },
    /** The updated package, or undefined when there is none with that id. */
    async update(id: number, values: PackageValues): Promise<Package | undefined> {
      const [before] = await db
        .select({ imageUrl: packages.imageUrl })
        .from(packages)
        .where(eq(packages.id, id));
      const [row] = await db.update(packages).set(columns(values)).where(eq(packages.id, id)).returning();
      if (!row) return undefined;
      // A replaced uploaded photo that nothing else shows is deleted with its encodings.
      if (before && before.imageUrl !== row.imageUrl) await media.release(before.imageUrl);
      return (await withImages([row]))[0];
    },
    /** Whether a package was deleted (its uploaded photo too, unless something else shows it). */
    async remove(id: number): Promise<boolean> {
      const [row] = await db
        .delete(packages)
        .where(eq(packages.id, id))
        .returning({ imageUrl: packages.imageUrl });
      if (!row) return false;
      await media.release(row.imageUrl);
      return true;
    },
  };
};

/** Deletes these packages; answers their photo links (the demo's removal). */
export async function removePackages(db: Db, ids: number[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(packages)
    .where(inArray(packages.id, ids))
    .returning({ url: packages.imageUrl });
  return rows.map((r) => r.url);
}
