import type { UploadedPhoto } from '@clean/shared';
import type { Db } from '../../db/client';
import type { ProcessedPhoto } from './process';
import { type MediaStore, mediaStore } from './store';

/**
 * Uploaded photos' rules (docs/architecture.md#features): what is kept of a processed photo (its encodings, once
 * for identical bytes), how it is served, and when its encodings go (no package, gallery photo or review links to
 * it any more). Reading and processing an upload, with its limits, is upload.ts.
 */
export function mediaService(store: MediaStore) {
  return {
    /** Keeps a processed photo's encodings and answers its link and what draws it. */
    async keep(processed: ProcessedPhoto): Promise<UploadedPhoto> {
      await store.save(processed);
      const url = `/media/${processed.original}.jpg`;
      const image = (await store.imagesFor([url])).get(url);
      if (!image) throw new Error('the stored photo was not found');
      return { image_url: url, image };
    },
    file: store.file,
    imagesFor: store.imagesFor,
    /** A record that linked to `url` is gone or links elsewhere now: its photo goes unless another still links to it. */
    release: store.removeUnused,
    removeOrphans: store.removeOrphans,
  };
}
export type MediaService = ReturnType<typeof mediaService>;

/** What other features' records need of their photos: what draws them, and letting one go. */
export type MediaPhotos = Pick<MediaService, 'imagesFor' | 'release'>;

/** The media service on `db`. */
export const mediaOn = (db: Db) => mediaService(mediaStore(db));

/** The photos port on `db` (a transaction, when a record's change and its photo's release commit together). */
export const mediaPhotos = (db: Db): MediaPhotos => mediaOn(db);
