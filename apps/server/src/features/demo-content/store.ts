import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_RECORDS_KEY, type DemoRecords } from '../../db/demo';
import { ownerSettings } from '../../db/schema';
import { recordContentChange } from '../../lib/content-changes';

/**
 * The deletes of each feature that owns demo records, handed in by the composition root; each runs on the
 * removal's transaction (`on`), so the demo content still goes in one.
 */
export type DemoOwners = {
  /** The inquiries' schedules with their paid records, then their one-time cleanings, then the inquiries. */
  removeSchedulesOf: (on: Db, inquiryIds: number[]) => Promise<void>;
  removeCleaningsOf: (on: Db, inquiryIds: number[]) => Promise<void>;
  removeInquiries: (on: Db, ids: number[]) => Promise<void>;
  /** These answer the photo links the records used. */
  removePackages: (on: Db, ids: number[]) => Promise<(string | null)[]>;
  removeGalleryPhotos: (on: Db, ids: number[]) => Promise<(string | null)[]>;
  removeReviews: (on: Db, ids: number[]) => Promise<(string | null)[]>;
  /** The price table's lines of packages that are gone. */
  dropGonePackages: (on: Db) => Promise<void>;
};

/**
 * The records the demo loader made (db/demo.ts keeps their ids under its own owner_settings key): the demo content
 * is one thing to the owner, loaded in one transaction and removed in one, each record by the feature it belongs to.
 */
export const demoContentStore = (db: Db, owners: DemoOwners) => ({
  async present(): Promise<boolean> {
    const rows = await db
      .select({ key: ownerSettings.key })
      .from(ownerSettings)
      .where(eq(ownerSettings.key, DEMO_RECORDS_KEY));
    return rows.length > 0;
  },

  /**
   * Deletes what is left of the demo records (the owner may have deleted some already) and answers the photo
   * links they used; null when there is no demo content. Two taps at once: the second waits on the row lock and
   * finds nothing.
   */
  remove(): Promise<string[] | null> {
    return db.transaction(async (tx) => {
      const [kept] = await tx
        .select({ value: ownerSettings.value })
        .from(ownerSettings)
        .where(eq(ownerSettings.key, DEMO_RECORDS_KEY))
        .for('update');
      if (!kept) return null;
      const ids = kept.value as DemoRecords;
      const on = tx as unknown as Db;
      // Paid records first, then what refers to the inquiries, then the inquiries.
      await owners.removeSchedulesOf(on, ids.inquiries);
      await owners.removeCleaningsOf(on, ids.inquiries);
      await owners.removeInquiries(on, ids.inquiries);
      const photos = [
        ...(await owners.removePackages(on, ids.packages)),
        ...(await owners.removeGalleryPhotos(on, ids.gallery)),
        ...(await owners.removeReviews(on, ids.reviews)),
      ];
      await owners.dropGonePackages(on);
      await tx.delete(ownerSettings).where(eq(ownerSettings.key, DEMO_RECORDS_KEY));
      for (const topic of ['packages', 'gallery', 'reviews']) await recordContentChange(tx, topic);
      return photos.flatMap((url) => (url ? [url] : []));
    });
  },
});
export type DemoContentStore = ReturnType<typeof demoContentStore>;
