import './index.css';
import './lib/zod-jitless';
import type { PublicRoute } from '@clean/shared';
import { publicPageChunks } from './app/page-chunks';

/**
 * The browser entry is only this. A server-rendered page works before its code (links, forms, the menu), so the
 * code only makes it smoother; it is asked for at once, so a phone's visitor has the smoother page as soon as
 * possible: React's chunk, and the page's own beside it (the router would ask for it only once it had rendered).
 * The framework's code runs in a task of its own, then ours: each shorter than one long task on a phone.
 */
publicPageChunks[window.location.pathname as PublicRoute]?.().catch(() => {});
import('react').then(() => new Promise((resolve) => setTimeout(resolve))).then(() => import('./start'));
