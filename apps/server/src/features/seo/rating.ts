import { PUBLIC_ROUTES } from '@clean/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactStatus,
  contentChanges,
  galleryPhotos,
  packages,
  reviews,
  siteSettings,
} from '../../db/schema';

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

type Page = (typeof PUBLIC_ROUTES)[number];
type Topic = 'site-config' | 'packages' | 'gallery' | 'reviews' | 'contact-status';

/** What each public page shows, by the kind of content (`content_changes.topic`): the site's facts on all. */
const SHOWS: Record<Page, readonly Topic[]> = {
  '/': ['site-config', 'gallery', 'reviews'], // the carousel, and the latest reviews in its JSON-LD
  '/packages': ['site-config', 'packages'],
  '/gallery': ['site-config', 'gallery'],
  '/reviews': ['site-config', 'reviews'],
  '/contact': ['site-config', 'contact-status', 'packages'], // the booking switch, the package to preselect
};

/**
 * `lastmod` of each public page: the latest change to what it shows — the newest row added, the owner's last save
 * of the site's facts or the booking switch, or the last edit or delete of its content (`content_changes`, noted
 * by every such write). Never the app's build or start: a restart changes no page. Absent (null) when nothing it
 * shows has a time yet.
 */
export async function lastChanges(db: Db): Promise<Record<Page, Date | null>> {
  const max = (column: Parameters<typeof sql>[1]) => sql<Date | string | null>`max(${column})`;
  const one = async (query: Promise<Array<{ at: Date | string | null }>>) => {
    const at = (await query)[0]?.at;
    return at ? new Date(at) : null;
  };
  const [photos, pkgs, approved, status, site, noted] = await Promise.all([
    one(db.select({ at: max(galleryPhotos.createdAt) }).from(galleryPhotos)),
    one(db.select({ at: max(packages.createdAt) }).from(packages)),
    one(
      db
        .select({ at: max(reviews.createdAt) })
        .from(reviews)
        .where(eq(reviews.status, 'approved')),
    ),
    one(db.select({ at: max(contactStatus.updatedAt) }).from(contactStatus)),
    one(db.select({ at: max(siteSettings.updatedAt) }).from(siteSettings)),
    db.select({ topic: contentChanges.topic, at: contentChanges.changedAt }).from(contentChanges),
  ]);
  const rows: Record<Topic, Date | null> = {
    'site-config': site,
    packages: pkgs,
    gallery: photos,
    reviews: approved,
    'contact-status': status,
  };
  const latest = (dates: Array<Date | null>) =>
    dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  const byTopic = (topic: Topic) =>
    latest([rows[topic], ...noted.filter((n) => n.topic === topic).map((n) => new Date(n.at))]);
  return Object.fromEntries(PUBLIC_ROUTES.map((page) => [page, latest(SHOWS[page].map(byTopic))])) as Record<
    Page,
    Date | null
  >;
}
