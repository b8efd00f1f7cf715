import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { contentChanges } from '../db/schema';

/**
 * The kind of public content a route writes: its resource, the first segment of its path after `/api`
 * (`/api/packages/:id` → packages, `/api/gallery/upload` → gallery, `/api/site-config` → site-config).
 */
export function contentTopic(request: FastifyRequest): string {
  const segments = (request.routeOptions.url ?? request.url).split('/').filter(Boolean);
  return (segments[0] === 'api' ? segments[1] : segments[0]) ?? '';
}

/** Notes that this kind of public content changed now (the sitemap's `lastmod` reads it: features/seo). */
export async function recordContentChange(db: Db, topic: string): Promise<void> {
  await db
    .insert(contentChanges)
    .values({ topic })
    .onConflictDoUpdate({ target: contentChanges.topic, set: { changedAt: sql`now()` } });
}
