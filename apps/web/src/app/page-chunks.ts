import type { PublicRoute } from '@clean/shared';

/**
 * The public pages' chunks: the router loads a page's when it renders it, and the browser entry (main.tsx) asks for
 * the current page's together with React's, so they arrive in one round trip instead of one after the other.
 */
export const publicPageChunks = {
  '/': () => import('../features/home/HomePage'),
  '/packages': () => import('../features/packages/PackagesPage'),
  '/contact': () => import('../features/contact/ContactPage'),
  '/gallery': () => import('../features/gallery/GalleryPage'),
  '/reviews': () => import('../features/reviews/ReviewsPage'),
} satisfies Record<PublicRoute, () => Promise<unknown>>;
