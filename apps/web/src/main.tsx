import './index.css';
import './lib/zod-jitless';
import type { PublicRoute } from '@clean/shared';
import { publicPageChunks } from './app/page-chunks';
import { rememberLanding } from './lib/lead-source';

/**
 * The browser entry is only this. A server-rendered page works before its code (links, forms, the menu), so the
 * code only makes it smoother. It is asked for as soon as the page has painted and its pictures have arrived:
 * earlier, its 100 KB (gzip) would share a slow phone's connection with the largest picture (LCP) and its main
 * thread with the first paint; much later (waiting for the pictures' decoding, as once), a phone's visitor waited
 * a second more for the live page.
 */
function start() {
  // React's chunks, and the page's own beside them (the router would ask for it only once it had rendered). React,
  // React DOM, then the router with our code each run in a task of their own: each shorter than one long task on
  // a phone, so a tap in between is answered.
  publicPageChunks[window.location.pathname as PublicRoute]?.().catch(() => {});
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  Promise.all([import('react'), wholeStylesheet()])
    .then(nextTask)
    .then(() => import('react-dom/client'))
    .then(nextTask)
    .then(() => import('./start'));
}

/**
 * A server-rendered page's inline styles cover only its own elements (apps/server/src/features/pages/page-css.ts);
 * what the code shows next (a dialog, another page) needs the whole stylesheet, loaded before the page is live.
 */
function wholeStylesheet() {
  const href = document.querySelector<HTMLStyleElement>('style[data-href]')?.dataset.href;
  if (!href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return loaded;
}

/**
 * The page's first content on screen. Until then the code waits, so a phone spends that time painting, never on
 * the code (where the browser cannot say, at once).
 */
function firstPaint() {
  return new Promise<void>((resolve) => {
    // A page the browser renders itself (the hub, sign-in) shows nothing before its code.
    const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
    if (!serverRendered || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

// How this visit arrived (utm_* and the linking site), kept for a booking request: read at once, before any
// in-page navigation changes the address.
rememberLanding();

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

// The load event (the pictures in view have arrived, lazy ones in view included) and the first paint. Should one
// never come (a picture that never finishes, a tab in the background), the page still comes alive.
let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  start();
};
// Then two frames more: the first shows the pictures that just arrived, the second begins once it is drawn.
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
Promise.all([loaded, firstPaint()]).then(nextFrame).then(nextFrame).then(startOnce);
setTimeout(startOnce, 3000);
