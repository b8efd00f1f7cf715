import './index.css';
import './lib/zod-jitless';

/**
 * The browser entry is only this: React and the page are loaded after the server-rendered page has painted.
 * Fetched earlier, their 110 KB (gzip) compete with the page itself for a slow phone's bandwidth and delay its
 * first paint (Lighthouse's simulated FCP counts every request made before the paint).
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The framework's code runs in a task of its own, then ours: each short enough not to block a tap (run in
  // one go, they were one long task on a phone).
  import('react').then(() => new Promise((resolve) => setTimeout(resolve))).then(() => import('./start'));
};

const serverRendered = Boolean(document.getElementById('root')?.firstChild);
const canObservePaint = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
// A client-rendered page (hub, sign-in) has nothing to paint before React; a hidden tab paints nothing.
if (!serverRendered || !canObservePaint || document.visibilityState === 'hidden') {
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Should the paint never be reported, the page still becomes interactive.
  setTimeout(start, 1500);
}
