import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactStatus, galleryPhotos, packages, reviews } from '../../db/schema';

/** How many approved reviews go into the LocalBusiness JSON-LD (a few are enough for rich results). */
const JSON_LD_REVIEWS = 3;

/**
 * schema.org `aggregateRating` and a few `review` items from the approved reviews, for search results that
 * show stars. Empty when nothing is approved yet (a rating of no reviews is not valid structured data).
 */
export async function approvedRating(db: Db) {
  const [summary] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
    })
    .from(reviews)
    .where(eq(reviews.status, 'approved'));
  if (!summary || summary.count === 0) return {};
  const latest = await db
    .select({
      name: reviews.reviewerName,
      rating: reviews.rating,
      comment: reviews.comment,
      at: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.status, 'approved'))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(JSON_LD_REVIEWS);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Number(summary.average),
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: latest.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      reviewBody: r.comment,
      datePublished: new Date(r.at).toISOString().slice(0, 10),
    })),
  };
}

/**
 * `lastmod` of each public page: when the newest row it shows was added (rows keep no edit time), never
 * earlier than `floor` (the page's own text changes with a deploy, i.e. a start of the app).
 */
export async function lastChanges(db: Db, floor: Date) {
  const newest = async (query: Promise<Array<{ at: Date | string | null }>>) => {
    const at = (await query)[0]?.at;
    const date = at ? new Date(at) : floor;
    return date > floor ? date : floor;
  };
  const max = (column: Parameters<typeof sql>[1]) => sql<Date | string | null>`max(${column})`;
  const [photos, pkgs, approved, status] = await Promise.all([
    newest(db.select({ at: max(galleryPhotos.createdAt) }).from(galleryPhotos)),
    newest(db.select({ at: max(packages.createdAt) }).from(packages)),
    newest(
      db
        .select({ at: max(reviews.createdAt) })
        .from(reviews)
        .where(eq(reviews.status, 'approved')),
    ),
    newest(db.select({ at: max(contactStatus.updatedAt) }).from(contactStatus)),
  ]);
  return { '/': photos, '/packages': pkgs, '/gallery': photos, '/reviews': approved, '/contact': status };
}
