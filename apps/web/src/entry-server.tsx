/**
 * Server rendering of the public pages (built by `vite build --ssr`, loaded by the server's lib/spa.ts).
 * Each page's data is fetched through the server itself (no network), rendered by React's static renderer (which
 * waits for every lazy part, so the HTML is complete and carries none of React's inline streaming scripts), and
 * the query cache is sent along so the browser hydrates the same data without fetching it again.
 */
import {
  businessDate,
  type CustomerLinkView,
  numberParam,
  type PageForm,
  type PostedForm,
  type PublicRoute,
  pageParam,
  postedFormKey,
  quote,
  textParam,
} from '@clean/shared';
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import { AppRoutes } from './app/App';
import { createQueryClient } from './app/queryClient';
import { RootLayout } from './app/RootLayout';
import { pricingQueryOptions, slotsQueryOptions } from './features/contact/api';
import { defaultMinutes, postedSource, readQuoteChoice } from './features/contact/quote-input';
import { contactStatusQueryOptions } from './features/contact-status/api';
import { CustomerLinkPage, LinkProblemPage } from './features/customer-link/CustomerLinkPage';
import {
  carouselPhotosQueryOptions,
  galleryPageQueryOptions,
  gallerySeedQueryOptions,
} from './features/gallery/api';
import { packagesQueryOptions } from './features/packages/api';
import { approvedReviewsQueryOptions } from './features/reviews/api';
import { setFetch } from './lib/api';
import { siteConfigQueryOptions } from './lib/site-config';
import { type PageMeta, PageMetaContext } from './lib/usePageMeta';

export { localBusiness } from './features/home/LocalBusinessJsonLd';

/** The first screen of data of each server-rendered page (the same queries the page itself runs). */
const PAGE_DATA: Record<
  PublicRoute,
  (client: QueryClient, params: URLSearchParams, posted?: PostedForm) => Promise<void>
> = {
  '/': (c) => c.prefetchQuery(carouselPhotosQueryOptions),
  '/packages': (c) => c.prefetchQuery(packagesQueryOptions),
  // The page shown, in the visit's order: the address's seed, or one drawn here and sent with the page's data
  // (the seed query), so the browser's links and search form carry the order this page was fetched in.
  '/gallery': async (c, params) => {
    const seed = numberParam(params.get('seed')) ?? (await c.ensureQueryData(gallerySeedQueryOptions));
    const category = textParam(params.get('category'));
    await c.prefetchQuery(galleryPageQueryOptions(category, seed, pageParam(params)));
  },
  '/reviews': (c, params) => c.prefetchQuery(approvedReviewsQueryOptions(pageParam(params))),
  '/contact': (c, params, posted) => contactData(c, params, posted),
};

/**
 * /contact: the switch and the packages; while the form is open, the price table and the open times for the
 * estimate's length (the address's or a refused post's choice; else the shortest visit), so without script the
 * times are radio buttons already there.
 */
async function contactData(c: QueryClient, params: URLSearchParams, posted?: PostedForm) {
  const [status, packages, pricing, site] = await Promise.all([
    c.fetchQuery(contactStatusQueryOptions).catch(() => undefined),
    c.fetchQuery(packagesQueryOptions).catch(() => []),
    c.fetchQuery(pricingQueryOptions).catch(() => undefined),
    c.ensureQueryData(siteConfigQueryOptions).catch(() => undefined),
  ]);
  if (status?.is_open === false || !pricing || !site) return;
  const priced = pricing.packages.length > 0;
  const choice = readQuoteChoice(posted?.values.package_id !== undefined ? postedSource(posted) : params);
  const result =
    priced && choice.package_id
      ? quote(pricing, packages, { ...choice, package_id: choice.package_id })
      : null;
  const minutes = result?.ok ? result.quote.duration_minutes : defaultMinutes(pricing);
  await c.prefetchQuery(
    slotsQueryOptions(businessDate(new Date(), site.timezone), minutes, choice.frequency),
  );
}

export const SERVER_RENDERED = Object.keys(PAGE_DATA);

export type Rendered = {
  /** The markup inside #root. */
  html: string;
  /** The dehydrated query cache (JSON). */
  state: string;
  status: number;
} & PageMeta;

/**
 * Renders one public page at `url` (its path and the state its query names). `fetch` answers the page's API calls
 * (the server passes its own inject); `posted` is a refused post of the page's form, shown with its problems.
 */
export async function render(
  url: string,
  origin: string,
  fetch: typeof globalThis.fetch,
  posted?: { form: PageForm; value: PostedForm },
): Promise<Rendered> {
  setFetch(fetch);
  const { pathname, searchParams } = new URL(url, origin);
  const queryClient = createQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(siteConfigQueryOptions),
    PAGE_DATA[pathname as PublicRoute]?.(queryClient, searchParams, posted?.value),
  ]);
  if (posted) queryClient.setQueryData(postedFormKey(posted.form), posted.value);

  const meta: PageMeta = {};
  const app = (
    <StrictMode>
      <PageMetaContext.Provider value={meta}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </PageMetaContext.Provider>
    </StrictMode>
  );
  const html = await staticHtml(app);
  const state = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { html, state, status: 200, ...meta };
}

/** Waits for every lazy part, so the page arrives whole, every boundary written in place (no inline script). */
async function staticHtml(app: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** What a customer's link shows: their visits, or why it cannot (an unknown link, too many tries). */
export type LinkContent = { view: CustomerLinkView } | { problem: { title: string; text: string } };

/**
 * A customer's personal page (`/visit/{token}`, features/customer-link) in the public site's frame (navigation,
 * footer), from the view the server made: static markup only, sent without the app's script (it needs none, and
 * the router knows no such page). Answers the markup inside #root.
 */
export async function renderCustomerLink(
  content: LinkContent,
  origin: string,
  fetch: typeof globalThis.fetch,
): Promise<string> {
  setFetch(fetch);
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(siteConfigQueryOptions);
  const page =
    'view' in content ? <CustomerLinkPage view={content.view} /> : <LinkProblemPage {...content.problem} />;
  const html = await staticHtml(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={new URL('/visit', origin).pathname}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html;
}
