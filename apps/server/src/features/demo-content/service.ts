import { NotFoundError } from '../../lib/errors';
import type { MediaPhotos } from '../media/service';
import type { DemoContentStore } from './store';

/** The demo content a first `npm start` loads, and the owner's one tap that removes it (docs/product.md#demo-content). */
export function demoContentService({ store, media }: { store: DemoContentStore; media: MediaPhotos }) {
  return {
    status: async () => ({ present: await store.present() }),

    async remove(): Promise<void> {
      const photos = await store.remove();
      if (!photos) throw new NotFoundError('There is no demo content to remove.');
      // After the commit, as a delete of one photo does: an encoding no record links to any more goes too.
      for (const url of new Set(photos)) await media.release(url);
    },
  };
}
