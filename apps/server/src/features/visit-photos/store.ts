import { and, eq, getTableColumns, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visitPhotos } from '../../db/schema';

export type VisitPhotoRow = Omit<typeof visitPhotos.$inferSelect, 'bytes'>;

/** Every column but the photo itself: lists and answers never read the bytes. */
const { bytes: _bytes, ...described } = getTableColumns(visitPhotos);

/** The rows of visits' private photos, their JPEG bytes included (read only to serve one). */
export function visitPhotosStore(db: Db) {
  return {
    async add(row: typeof visitPhotos.$inferInsert): Promise<VisitPhotoRow> {
      const [created] = await db.insert(visitPhotos).values(row).returning(described);
      if (!created) throw new Error('the visit photo was not stored');
      return created;
    },

    async one(visitKey: string, id: number): Promise<(VisitPhotoRow & { bytes: Uint8Array }) | undefined> {
      const [row] = await db
        .select()
        .from(visitPhotos)
        .where(and(eq(visitPhotos.id, id), eq(visitPhotos.visitKey, visitKey)));
      return row;
    },

    list(visitKey: string): Promise<VisitPhotoRow[]> {
      return db
        .select(described)
        .from(visitPhotos)
        .where(eq(visitPhotos.visitKey, visitKey))
        .orderBy(visitPhotos.id);
    },

    async setKeep(visitKey: string, id: number, keep: boolean): Promise<VisitPhotoRow | undefined> {
      const [row] = await db
        .update(visitPhotos)
        .set({ keep })
        .where(and(eq(visitPhotos.id, id), eq(visitPhotos.visitKey, visitKey)))
        .returning(described);
      return row;
    },

    /** Deletes the photos taken before `before` that the owner did not keep; answers how many. */
    async deleteOld(before: Date): Promise<number> {
      const gone = await db
        .delete(visitPhotos)
        .where(and(lt(visitPhotos.createdAt, before), eq(visitPhotos.keep, false)))
        .returning({ id: visitPhotos.id });
      return gone.length;
    },
  };
}
