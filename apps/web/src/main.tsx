import './index.css';

/**
 * The browser entry is only this: React and the page are loaded after the server-rendered page has painted.
 * Fetched earlier, their 110 KB (gzip) compete with the page itself for a slow phone's bandwidth and delay its
 * first paint (Lighthouse's simulated FCP counts every request made before the paint).
 */
const start = () => import('./start');
// requestAnimationFrame runs just before a frame is painted, the timeout just after it. A hidden tab paints
// nothing (and runs no animation frames): start at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
