import type { VisitPhoto, VisitPhotoItem } from '@clean/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { isOwner } from '../../lib/guard';
import type { ProcessedPhoto } from '../media/process';
import { assignedVisit } from '../visits/assignee';
import { type VisitPhotoRow, visitPhotosStore } from './store';

export type VisitPhotosDeps = { db: Db; timezone: string };

/** Keeps a processed upload of the given kind (the media feature's private upload calls it). */
export type KeepPhoto = (
  processed: ProcessedPhoto,
  fields: { kind: 'before' | 'after' },
) => Promise<VisitPhoto>;
type Receive = (keep: KeepPhoto) => Promise<VisitPhoto>;

const NO_PHOTO = 'There is no such photo.';
const urlOf = (row: VisitPhotoRow) => `/api/visits/${encodeURIComponent(row.visitKey)}/photos/${row.id}`;
const answer = (row: VisitPhotoRow): VisitPhoto => ({
  id: row.id,
  kind: row.kind as VisitPhoto['kind'],
  url: urlOf(row),
});
const item = (row: VisitPhotoRow): VisitPhotoItem => ({
  ...answer(row),
  keep: row.keep,
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
});

/**
 * A visit's before/after photos (docs/api.md#visit-photos): private, seen by the owner and the visit's
 * cleaner only; another's visit is a 404 like no visit. Kept VISIT_PHOTO_DAYS unless the owner keeps them.
 */
export function visitPhotosService({ db, timezone }: VisitPhotosDeps) {
  const store = visitPhotosStore(db);

  async function mine(key: string, userId: number) {
    if (!(await assignedVisit(db, timezone, key, userId)))
      throw new NotFoundError('There is no such visit of yours.');
  }

  return {
    /** Checks the visit is theirs before the photo is read, then keeps its largest JPEG in its row. */
    async upload(userId: number, key: string, receive: Receive): Promise<VisitPhoto> {
      await mine(key, userId);
      return receive(async (processed, { kind }) => {
        const largest = processed.variants.filter((v) => v.contentType === 'image/jpeg').at(-1);
        if (!largest) throw new Error('no JPEG was made');
        const bytes = largest.bytes;
        return answer(
          await store.add({ visitKey: key, userId, kind, bytes, contentType: largest.contentType }),
        );
      });
    },

    /** The photo's bytes for the owner, or for the cleaner the visit is assigned to. */
    async file(user: NonNullable<Parameters<typeof isOwner>[0]>, key: string, id: number) {
      if (!isOwner(user)) await mine(key, user.id);
      const row = await store.one(key, id);
      if (!row) throw new NotFoundError(NO_PHOTO);
      return { contentType: row.contentType, bytes: Buffer.from(row.bytes) };
    },

    list: async (key: string) => (await store.list(key)).map(item),

    async setKeep(key: string, id: number, keep: boolean): Promise<VisitPhotoItem> {
      const row = await store.setKeep(key, id, keep);
      if (!row) throw new NotFoundError(NO_PHOTO);
      return item(row);
    },

    /** The cleanup's part: photos taken before `before` and not kept go. */
    removeOld: (before: Date): Promise<number> => store.deleteOld(before),
  };
}
