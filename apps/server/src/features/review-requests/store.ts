import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries, reviewRequests } from '../../db/schema';

type RequestValues = {
  customer: string;
  inquiryId: number;
  visitKey: string;
  requestedAt: Date;
  dueAt: Date;
};

/** The review requests' table: one row per customer (their e-mail), claimed once when its mail is queued. */
export const reviewRequestsStore = (db: Db) => ({
  /**
   * The insert, or the renewal of a row asked for `everyDays` or more before `values.requestedAt` and not opted
   * out (ON CONFLICT … WHERE): one statement, so two owners' taps or two servers make one. Answers whether a
   * request is now scheduled.
   */
  async upsert(values: RequestValues, everyDays: number): Promise<boolean> {
    const rows = await db
      .insert(reviewRequests)
      .values(values)
      .onConflictDoUpdate({
        target: reviewRequests.customer,
        set: {
          inquiryId: values.inquiryId,
          visitKey: values.visitKey,
          requestedAt: values.requestedAt,
          dueAt: values.dueAt,
          enqueuedAt: null,
          reviewedAt: null,
        },
        setWhere: and(
          isNull(reviewRequests.optedOutAt),
          sql`${reviewRequests.requestedAt} <= ${values.requestedAt.toISOString()}::timestamptz - make_interval(days => ${everyDays})`,
        ),
      })
      .returning({ id: reviewRequests.id });
    return rows.length > 0;
  },

  /** Deletes this visit's request unless its mail left or the customer opted out. */
  async withdraw(visitKey: string): Promise<void> {
    await db
      .delete(reviewRequests)
      .where(
        and(
          eq(reviewRequests.visitKey, visitKey),
          isNull(reviewRequests.enqueuedAt),
          isNull(reviewRequests.optedOutAt),
        ),
      );
  },

  /** Up to `limit` requests due at `now`, not sent, not opted out, oldest first, with their customer's contact. */
  due(now: Date, limit: number) {
    return db
      .select({ id: reviewRequests.id, name: inquiries.name, email: inquiries.email })
      .from(reviewRequests)
      .innerJoin(inquiries, eq(inquiries.id, reviewRequests.inquiryId))
      .where(
        and(
          isNull(reviewRequests.enqueuedAt),
          isNull(reviewRequests.optedOutAt),
          lte(reviewRequests.dueAt, now),
        ),
      )
      .orderBy(asc(reviewRequests.dueAt))
      .limit(limit);
  },

  /**
   * Claims a request (UPDATE … WHERE enqueued_at IS NULL RETURNING) and, when claimed, runs `enqueue` on the same
   * transaction; answers whether both happened. A second server or a restart claims nothing.
   */
  async claim(id: number, now: Date, enqueue: ((on: Db) => Promise<unknown>) | undefined): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .update(reviewRequests)
        .set({ enqueuedAt: now })
        .where(
          and(
            eq(reviewRequests.id, id),
            isNull(reviewRequests.enqueuedAt),
            isNull(reviewRequests.optedOutAt),
          ),
        )
        .returning({ id: reviewRequests.id });
      if (claimed.length === 0 || !enqueue) return false;
      await enqueue(tx as unknown as Db);
      return true;
    });
  },

  /** No more requests for this row's customer (idempotent); false when there is no such row. */
  async optOut(id: number): Promise<boolean> {
    const rows = await db
      .update(reviewRequests)
      .set({ optedOutAt: sql`coalesce(${reviewRequests.optedOutAt}, now())` })
      .where(eq(reviewRequests.id, id))
      .returning({ id: reviewRequests.id });
    return rows.length > 0;
  },

  /** Marks a request whose mail left and that no review used yet as reviewed; answers whether it was. */
  async useMarker(id: number): Promise<boolean> {
    const rows = await db
      .update(reviewRequests)
      .set({ reviewedAt: sql`now()` })
      .where(
        and(
          eq(reviewRequests.id, id),
          isNotNull(reviewRequests.enqueuedAt),
          isNull(reviewRequests.reviewedAt),
        ),
      )
      .returning({ id: reviewRequests.id });
    return rows.length > 0;
  },
});
