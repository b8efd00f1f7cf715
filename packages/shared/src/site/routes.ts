/**
 * The pages (docs/product.md#the-public-pages), the one list the server (page serving, robots.txt, sitemap.xml) and
 * the web app's router share: a page added here must get a screen in apps/web/src/app/routes.tsx (the compiler says
 * so).
 */

/** The public pages, in the order a visitor meets them; server-rendered and listed in the sitemap. */
export const PUBLIC_ROUTES = ['/', '/packages', '/gallery', '/reviews', '/contact'] as const;
/** Private or transactional pages that have no business in search results. */
export const PRIVATE_ROUTES = [
  '/contact-center',
  '/my-day',
  '/signin',
  '/forgot-password',
  '/reset-password',
] as const;
/** Every page path; any other path gets the app's "not found" page with a 404 status. */
export const PAGE_ROUTES = [...PUBLIC_ROUTES, ...PRIVATE_ROUTES] as const;

export type PublicRoute = (typeof PUBLIC_ROUTES)[number];
export type PageRoute = (typeof PAGE_ROUTES)[number];
