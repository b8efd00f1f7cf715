import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visitPhotos } from '../../db/schema';

export type VisitPhotoRow = typeof visitPhotos.$inferSelect;

/** The rows of visits' private photos; their bytes are files in the data folder (files.ts). */
export function visitPhotosStore(db: Db) {
  return {
    async add(row: typeof visitPhotos.$inferInsert): Promise<VisitPhotoRow> {
      const [created] = await db.insert(visitPhotos).values(row).returning();
      if (!created) throw new Error('the visit photo was not stored');
      return created;
    },

    async one(visitKey: string, id: number): Promise<VisitPhotoRow | undefined> {
      const [row] = await db
        .select()
        .from(visitPhotos)
        .where(and(eq(visitPhotos.id, id), eq(visitPhotos.visitKey, visitKey)));
      return row;
    },

    list(visitKey: string): Promise<VisitPhotoRow[]> {
      return db.select().from(visitPhotos).where(eq(visitPhotos.visitKey, visitKey)).orderBy(visitPhotos.id);
    },

    async setKeep(visitKey: string, id: number, keep: boolean): Promise<VisitPhotoRow | undefined> {
      const [row] = await db
        .update(visitPhotos)
        .set({ keep })
        .where(and(eq(visitPhotos.id, id), eq(visitPhotos.visitKey, visitKey)))
        .returning();
      return row;
    },

    /** Deletes the rows of photos taken before `before` that the owner did not keep; answers their files. */
    async deleteOld(before: Date): Promise<string[]> {
      const gone = await db
        .delete(visitPhotos)
        .where(and(lt(visitPhotos.createdAt, before), eq(visitPhotos.keep, false)))
        .returning({ fileName: visitPhotos.fileName });
      return gone.map((g) => g.fileName);
    },
  };
}
