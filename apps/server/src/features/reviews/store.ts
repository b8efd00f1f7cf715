import type { Review, ReviewStatus } from '@clean/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';
import { deleteById } from '../../lib/rows';

type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = {
  reviewer_name: string;
  rating: number;
  comment: string;
  photo_url: string | null;
};
type Page = { limit: number; offset: number } | null;

export const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  reviewer_name: row.reviewerName,
  rating: row.rating,
  comment: row.comment,
  photo_url: row.photoUrl,
  status: row.status,
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
  async create(values: ReviewValues, status: ReviewStatus): Promise<Review> {
    const [row] = await db
      .insert(reviews)
      .values({ ...columns(values), status })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toReview(row);
  },
  /** The edited review (its status unchanged), or undefined when there is none with that id. */
  async update(id: number, values: ReviewValues): Promise<Review | undefined> {
    const [row] = await db.update(reviews).set(columns(values)).where(eq(reviews.id, id)).returning();
    return row && toReview(row);
  },
  /** Approves a review (approving an approved one changes nothing); undefined when there is none. */
  async approve(id: number): Promise<Review | undefined> {
    const [row] = await db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, id)).returning();
    return row && toReview(row);
  },
  /** Whether a review was deleted. */
  remove: (id: number) => deleteById(db, reviews, id),
});
