import './index.css';
import './lib/zod-jitless';
import type { PublicRoute } from '@clean/shared';
import { publicPageChunks } from './app/page-chunks';

/**
 * The browser entry is only this. A server-rendered page works before its code (links, forms, the menu), so the
 * code only makes it smoother. It is asked for as soon as the page's pictures have arrived: earlier, its 100 KB
 * (gzip) would share a slow phone's connection with the largest picture (LCP); later (after their decoding and a
 * painted frame, as before), a phone's visitor waited a second more for the live page.
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

// The load event: the pictures in view have arrived (lazy ones in view included). Should one never finish, the
// page still comes alive.
if (document.readyState === 'complete') start();
else {
  const once = () => {
    window.removeEventListener('load', once);
    clearTimeout(timer);
    start();
  };
  const timer = setTimeout(once, 3000);
  window.addEventListener('load', once);
}
