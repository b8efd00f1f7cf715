import type { Review, ReviewStatus } from '@clean/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';
import { mediaPhotos } from '../media/service';

type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = {
  reviewer_name: string;
  rating: number;
  comment: string;
  photo_url: string | null;
  /** The review request's marker (create only; the service decides, the store never reads it). */
  verification?: string;
};
type Page = { limit: number; offset: number } | null;

export const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  reviewer_name: row.reviewerName,
  rating: row.rating,
  comment: row.comment,
  photo_url: row.photoUrl,
  status: row.status,
  verified: row.verified,
  created_at: row.createdAt.toISOString(),
});

const columns = (v: ReviewValues) => ({
  reviewerName: v.reviewer_name,
  rating: v.rating,
  comment: v.comment,
  photoUrl: v.photo_url,
});

export const reviewsStore = (db: Db) => ({
  /** Reviews of one status: approved ones newest first (the public list), pending ones oldest first (the queue). */
  async list(status: ReviewStatus, page: Page): Promise<{ items: Review[]; total: number }> {
    const where = eq(reviews.status, status);
    const order =
      status === 'approved'
        ? [desc(reviews.createdAt), desc(reviews.id)]
        : [asc(reviews.createdAt), asc(reviews.id)];
    const query = db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...order);
    if (!page) {
      const rows = await query;
      return { items: rows.map(toReview), total: rows.length };
    }
    const rows = await query.limit(page.limit).offset(page.offset);
    return { items: rows.map(toReview), total: await db.$count(reviews, where) };
  },
  async create(values: ReviewValues, status: ReviewStatus, verified = false): Promise<Review> {
    const [row] = await db
      .insert(reviews)
      .values({ ...columns(values), status, verified })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toReview(row);
  },
  /** The edited review (its status and verified mark unchanged), or undefined when there is none with that id. */
  async update(id: number, values: ReviewValues): Promise<Review | undefined> {
    const [before] = await db.select({ photoUrl: reviews.photoUrl }).from(reviews).where(eq(reviews.id, id));
    const [row] = await db.update(reviews).set(columns(values)).where(eq(reviews.id, id)).returning();
    if (!row) return undefined;
    // A replaced uploaded photo that nothing else shows is deleted with its encodings.
    if (before?.photoUrl && before.photoUrl !== row.photoUrl) await mediaPhotos(db).release(before.photoUrl);
    return toReview(row);
  },
  /** Approves a review (approving an approved one changes nothing); undefined when there is none. */
  async approve(id: number): Promise<Review | undefined> {
    const [row] = await db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, id)).returning();
    return row && toReview(row);
  },
  /** Whether a review was deleted (its uploaded photo too, unless something else shows it). */
  async remove(id: number): Promise<boolean> {
    const [row] = await db
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ photoUrl: reviews.photoUrl });
    if (!row) return false;
    if (row.photoUrl) await mediaPhotos(db).release(row.photoUrl);
    return true;
  },
});

/** Deletes these reviews; answers their photo links (the demo's removal). */
export async function removeReviews(db: Db, ids: number[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const rows = await db.delete(reviews).where(inArray(reviews.id, ids)).returning({ url: reviews.photoUrl });
  return rows.map((r) => r.url);
}
