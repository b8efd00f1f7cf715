/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { FETCHED_AT_HEADER, OWNER_CACHE_PREFIX } from '../src/lib/hubCache';

/**
 * The hub's service worker (scope /contact-center, so no public page is ever under it; the cleaner's day registers
 * it again under /my-day, a registration with its own precache). Built by vite-plugin-pwa
 * (injectManifest): `self.__WB_MANIFEST` becomes the hashed files of the build.
 * - The hub's shell (its HTML and every JS/CSS chunk) is precached, so /contact-center opens offline.
 * - The owner's reads (GET /api/… with the session's token, JSON, 200) go network first; the last answer of each
 *   is kept in a cache named after a hash of the token, so one session's answers are never served to another.
 *   The two public reads the hub shows are kept too, in a cache of their own. Sign-in, sign-out and a 401 in the
 *   hub delete all of these caches (src/lib/hubCache.ts).
 * - Push notices show and a tap opens the hub view they name.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** A cached answer older than this is not shown: a day covers a day out of signal, and sessions last 12 h. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

// A new build's worker takes over at once: the precache then holds that build's shell.
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Only the exact URLs of the build: no `/` → index.html or clean-URL guessing.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** The pages this worker opens offline: the owner's hub and the cleaner's day. */
const OFFLINE_PAGES = new Set(['/contact-center', '/my-day']);

// The page itself: always the server's fresh HTML online (a deploy shows at once); offline, the precached one.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && OFFLINE_PAGES.has(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw err;
    }
  },
);

/** Keeps an answer only if it is a plain success (stamped with when it arrived); expired ones are not used. */
const ownerAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    // No answer here carries a cookie: the API sets none (the session is a bearer token), and a worker could not
    // even see one (browsers hide Set-Cookie from scripts).
    const json = response.headers.get('content-type')?.startsWith('application/json');
    if (response.status !== 200 || !json) return null;
    const headers = new Headers(response.headers);
    headers.set(FETCHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const fetchedAt = Date.parse(cachedResponse?.headers.get(FETCHED_AT_HEADER) ?? '');
    return cachedResponse && Date.now() - fetchedAt < MAX_AGE_MS ? cachedResponse : null;
  },
};

/** Public reads the hub shows (the booking switch, the business's facts): the same for everyone, kept apart. */
const HUB_PUBLIC_READS = new Set(['/api/contact-status', '/api/site-config']);
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && HUB_PUBLIC_READS.has(url.pathname) && !request.headers.has('authorization'),
  new NetworkFirst({ cacheName: `${OWNER_CACHE_PREFIX}public`, plugins: [ownerAnswers] }),
  'GET',
);

const strategies = new Map<string, NetworkFirst>();
async function strategyFor(authorization: string): Promise<NetworkFirst> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hash = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const cacheName = `${OWNER_CACHE_PREFIX}${hash}`;
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({ cacheName, plugins: [ownerAnswers] });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/api/') && request.headers.has('authorization'),
  async (options) => {
    const strategy = await strategyFor(options.request.headers.get('authorization') ?? '');
    return strategy.handle(options);
  },
  'GET',
);

self.addEventListener('push', (event) => {
  let notice = { title: 'Contact Center', body: '', url: '/contact-center' };
  try {
    notice = { ...notice, ...event.data?.json() };
  } catch {}
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/hub/icon-192.png',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/contact-center', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname === '/contact-center');
      return open ? open.navigate(url).then((w) => w?.focus()) : self.clients.openWindow(url);
    }),
  );
});
