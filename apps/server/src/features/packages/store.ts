import type { Package } from '@clean/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema';
import { deleteById } from '../../lib/rows';

type PackageRow = typeof packages.$inferSelect;
type PackageValues = { title: string; amount: number; image_url: string; description: string };

export const toPackage = (row: PackageRow): Package => ({
  id: row.id,
  title: row.title,
  amount: row.amount,
  image_url: row.imageUrl,
  description: row.description,
});

const columns = (v: PackageValues) => ({
  title: v.title,
  amount: v.amount,
  imageUrl: v.image_url,
  description: v.description,
});

export const packagesStore = (db: Db) => ({
  /** The whole list in a stable order: cheapest first, then oldest. */
  async list(): Promise<Package[]> {
    const rows = await db.select().from(packages).orderBy(asc(packages.amount), asc(packages.id));
    return rows.map(toPackage);
  },
  async create(values: PackageValues): Promise<Package> {
    const [row] = await db.insert(packages).values(columns(values)).returning();
    if (!row) throw new Error('insert returned no row');
    return toPackage(row);
  },
  /** The updated package, or undefined when there is none with that id. */
  async update(id: number, values: PackageValues): Promise<Package | undefined> {
    const [row] = await db.update(packages).set(columns(values)).where(eq(packages.id, id)).returning();
    return row && toPackage(row);
  },
  /** Whether a package was deleted. */
  remove: (id: number) => deleteById(db, packages, id),
});
