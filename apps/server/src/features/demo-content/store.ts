import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_RECORDS_KEY, type DemoRecords } from '../../db/demo';
import {
  galleryPhotos,
  inquiries,
  oneTimeCleanings,
  ownerSettings,
  packages,
  recurringPaid,
  recurringPayments,
  reviews,
} from '../../db/schema';
import { recordContentChange } from '../../lib/content-changes';
import { PRICING } from '../pricing/store';

/**
 * The records the demo loader made (db/demo.ts keeps their ids). The one store that deletes across features on
 * purpose: the demo content is one thing to the owner, loaded in one transaction and removed in one.
 */
export const demoContentStore = (db: Db) => ({
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
      const none = [-1];
      const inq = ids.inquiries.length ? ids.inquiries : none;
      const schedules = tx
        .select({ id: recurringPayments.id })
        .from(recurringPayments)
        .where(inArray(recurringPayments.inquiryId, inq));
      // Paid records first (their dates cascade), then what refers to the inquiries, then the inquiries (their
      // links, opt-outs, reminders and review requests cascade).
      await tx.delete(recurringPaid).where(inArray(recurringPaid.recurringPaymentId, schedules));
      await tx.delete(recurringPayments).where(inArray(recurringPayments.inquiryId, inq));
      await tx.delete(oneTimeCleanings).where(inArray(oneTimeCleanings.inquiryId, inq));
      await tx.delete(inquiries).where(inArray(inquiries.id, inq));
      const photos = [
        ...(await tx
          .delete(packages)
          .where(inArray(packages.id, ids.packages.length ? ids.packages : none))
          .returning({ url: packages.imageUrl })),
        ...(await tx
          .delete(galleryPhotos)
          .where(inArray(galleryPhotos.id, ids.gallery.length ? ids.gallery : none))
          .returning({ url: galleryPhotos.imageUrl })),
        ...(await tx
          .delete(reviews)
          .where(inArray(reviews.id, ids.reviews.length ? ids.reviews : none))
          .returning({ url: reviews.photoUrl })),
      ];
      // The price table keeps no line for a package that is gone.
      await tx.execute(sql`
        update ${ownerSettings}
        set value = jsonb_set(value, '{packages}', coalesce((
          select jsonb_agg(p) from jsonb_array_elements(value->'packages') p
          where (p->>'package_id')::int in (select id from ${packages})
        ), '[]'::jsonb))
        where key = ${PRICING}`);
      await tx.delete(ownerSettings).where(eq(ownerSettings.key, DEMO_RECORDS_KEY));
      for (const topic of ['packages', 'gallery', 'reviews']) await recordContentChange(tx, topic);
      return photos.flatMap((p) => (p.url ? [p.url] : []));
    });
  },
});
export type DemoContentStore = ReturnType<typeof demoContentStore>;
