import './index.css';
import './lib/zod-jitless';
import type { PublicRoute } from '@clean/shared';
import { publicPageChunks } from './app/page-chunks';

/**
 * The browser entry is only this: React and the page are loaded after the server-rendered page has painted and
 * its pictures have loaded. The page works before (links, forms, the menu), so nothing waits for them but the
 * smoother version. Fetched earlier, their 100 KB (gzip) compete with the page itself for a slow phone's
 * bandwidth and delay its first paint and largest picture.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The page's chunk is asked for with React's, not after the router has rendered. The framework's code runs in a
  // task of its own, then ours: each shorter than one long task on a phone.
  publicPageChunks[window.location.pathname as PublicRoute]?.().catch(() => {});
  import('react').then(() => new Promise((resolve) => setTimeout(resolve))).then(() => import('./start'));
};

const serverRendered = Boolean(document.getElementById('root')?.firstChild);
const canObservePaint = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
// A client-rendered page (hub, sign-in) has nothing to paint before React; a hidden tab paints nothing.
if (!serverRendered || !canObservePaint || document.visibilityState === 'hidden') {
  start();
} else {
  // The page's own pictures come first too: the largest of them is what a phone's visitor waits for (LCP), and
  // code requested while they load shares the same slow connection.
  let painted = false;
  let loaded = document.readyState === 'complete';
  const startWhenReady = () => {
    if (painted && loaded) picturesOnScreen().then(start);
  };
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    painted = true;
    startWhenReady();
  }).observe({ type: 'paint', buffered: true });
  window.addEventListener(
    'load',
    () => {
      loaded = true;
      startWhenReady();
    },
    { once: true },
  );
  // Should the paint never be reported, or a picture never finish, the page still becomes interactive.
  setTimeout(start, 3000);
}

/** Resolves once the page's eager pictures are decoded and a frame showing them has been painted. */
function picturesOnScreen() {
  const eager = [...document.images].filter((image) => image.loading !== 'lazy');
  return Promise.all(eager.map((image) => image.decode().catch(() => {}))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}
