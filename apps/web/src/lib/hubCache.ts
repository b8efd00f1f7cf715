/**
 * What the hub's service worker (apps/web/worker/hub-sw.ts) and the pages agree on about the owner's cached
 * answers. Plain constants and one function that runs in both a page and the worker.
 */

/** Each signed-in session's answers live in a cache of their own: this prefix and a hash of the token. */
export const OWNER_CACHE_PREFIX = 'hub-api-';

/** Set by the worker on an answer it stores: when the network gave it (ISO 8601); only cached answers carry it. */
export const FETCHED_AT_HEADER = 'x-hub-fetched-at';

/** Deletes every cached owner answer (sign-in, sign-out, an expired session). */
export async function dropOwnerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(OWNER_CACHE_PREFIX)).map((n) => caches.delete(n)));
}
