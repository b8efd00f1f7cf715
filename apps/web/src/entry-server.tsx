/**
 * Server rendering of the public pages (built by `vite build --ssr`, loaded by the server's lib/spa.ts).
 * Each page's data is fetched through the server itself (no network), rendered with React's own prerender
 * (which waits for every lazy page and query), and the query cache is sent along so the browser hydrates
 * the same data without fetching it again.
 */
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/routes';
import { contactStatusQuery } from './features/contact-status/api';
import { carouselPhotosQuery, galleryListQuery } from './features/gallery/api';
import { packagesQuery } from './features/packages/api';
import { approvedReviewsQuery } from './features/reviews/api';
import { setFetch } from './lib/api';
import { siteConfigQuery } from './lib/site-config';
import { type PageMeta, PageMetaContext } from './lib/usePageMeta';

export { localBusiness } from './features/home/LocalBusinessJsonLd';

/** The first screen of data of each server-rendered page (the same queries the page itself runs). */
const PAGE_DATA: Record<string, (client: QueryClient) => Promise<void>> = {
  '/': (c) => c.prefetchQuery(carouselPhotosQuery),
  '/packages': (c) => c.prefetchQuery(packagesQuery),
  '/gallery': (c) => c.prefetchQuery(galleryListQuery('')),
  '/reviews': (c) => c.prefetchQuery(approvedReviewsQuery(1)),
  '/contact': (c) => c.prefetchQuery(contactStatusQuery),
};

export const SERVER_RENDERED = Object.keys(PAGE_DATA);

export type Rendered = {
  /** The markup inside #root. */
  html: string;
  /** The dehydrated query cache (JSON). */
  state: string;
  status: number;
} & PageMeta;

async function prerenderHtml(app: ReactNode) {
  // React moves large finished sections to the end of the page and puts them in place with an inline
  // script (CSP refuses it): with no size limit the page is written out in order.
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** Renders one public page. `fetch` answers the page's API calls (the server passes its own inject). */
export async function render(
  pathname: string,
  origin: string,
  fetch: typeof globalThis.fetch,
): Promise<Rendered> {
  setFetch(fetch);
  const queryClient = createQueryClient();
  await Promise.all([queryClient.prefetchQuery(siteConfigQuery), PAGE_DATA[pathname]?.(queryClient)]);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, origin)));
  if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${pathname}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta: PageMeta = {};
  const app = (
    <StrictMode>
      <PageMetaContext value={meta}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </PageMetaContext>
    </StrictMode>
  );
  const html = await prerenderHtml(app);
  const state = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { html, state, status: context.statusCode, ...meta };
}
