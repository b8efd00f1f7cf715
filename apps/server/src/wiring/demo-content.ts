import type { Db } from '../db/client';
import { removeCleaningsOf } from '../features/cleanings/store';
import { demoContentService } from '../features/demo-content/service';
import { demoContentStore } from '../features/demo-content/store';
import { removeGalleryPhotos } from '../features/gallery/store';
import { removeInquiries } from '../features/inquiries/store';
import { mediaPhotos } from '../features/media/service';
import { removePackages } from '../features/packages/store';
import { dropGonePackages } from '../features/pricing/store';
import { removeSchedulesOf } from '../features/recurring/store';
import { removeReviews } from '../features/reviews/store';

/** The demo content's removal, with each feature that owns demo records deleting its own (in one transaction). */
export const demoContentServiceFor = (db: Db) =>
  demoContentService({
    store: demoContentStore(db, {
      removeSchedulesOf,
      removeCleaningsOf,
      removeInquiries,
      removePackages,
      removeGalleryPhotos,
      removeReviews,
      dropGonePackages,
    }),
    media: mediaPhotos(db),
  });
