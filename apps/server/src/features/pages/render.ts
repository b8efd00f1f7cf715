import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CustomerLinkView,
  PAGE_FORMS,
  type PageForm,
  type PostedForm,
  PUBLIC_ROUTES,
  type PublicRoute,
  pageSearch,
  textParam,
} from '@clean/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, isFresh } from '../../lib/public-cache';
import { reviewRequestTokensOf } from '../review-requests/service';
import { approvedRating } from '../seo/rating';
import { pageStylesheet } from './page-css';

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
type Rendered = { html: string; state: string; status: number; title?: string; description?: string };
type ServerBundle = {
  render: (
    url: string,
    origin: string,
    fetch: typeof globalThis.fetch,
    posted?: { form: PageForm; value: PostedForm },
  ) => Promise<Rendered>;
  localBusiness: (site: FastifyInstance['config']['site'], origin: string) => Record<string, unknown>;
  SERVER_RENDERED: string[];
  renderCustomerLink: (
    content: { view: CustomerLinkView } | { problem: { title: string; text: string } },
    origin: string,
    fetch: typeof globalThis.fetch,
  ) => Promise<string>;
};

/** The booking form's fields that are no page parameter: the visitor's details, their time and lead source. */
const KEPT_BOOKING_FIELDS = [
  'name',
  'email',
  'phone_number',
  'call_or_text',
  'town',
  'street_address',
  'zip',
  'description',
  'requested_start',
  'heard_from',
] as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** JSON inside a <script> element: "<" escaped so no "</script>" or "<!--" can end it early. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * A fetch that answers the page's API calls by injecting them into this server (no network, same cache).
 * Collects the earliest `expires` of the answers, so a page built from clock-computed data expires with it.
 */
function injectFetch(app: FastifyInstance, expiries: number[]): typeof fetch {
  // Server rendering only reads, and only public data: no method, body or token to pass on.
  return async (input) => {
    const res = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
    });
    const expires = res.headers.expires;
    if (typeof expires === 'string' && !Number.isNaN(Date.parse(expires))) expiries.push(Date.parse(expires));
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };
}

/**
 * The built web app's pages: the template, and the server-rendered public pages (the web app's server bundle,
 * apps/web/dist-ssr, rendered with the data of this server). Without a build, `sendApp` says how to make one.
 */
export async function pageRenderer(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : '';
  const templateEtag = etagOf(template);
  // Server-rendered pages carry their stylesheet inline: the first paint waits for nothing but the HTML, instead
  // of a second round trip that competes with the scripts for a slow phone's bandwidth. Inline, each page has
  // only the rules its own elements use (page-css.ts); the browser entry then loads the whole sheet (data-href).
  const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(template);
  const sheetFile = stylesheet?.[1] && path.join(webDist, stylesheet[1]);
  const pageCss = sheetFile && existsSync(sheetFile) ? pageStylesheet(readFileSync(sheetFile, 'utf8')) : null;
  const withStyles = (html: string, pageHtml: string) =>
    stylesheet && pageCss
      ? html.replace(stylesheet[0], () => `<style data-href="${stylesheet[1]}">${pageCss(pageHtml)}</style>`)
      : html;

  // The server-rendering bundle sits next to the web build (apps/web/dist-ssr); without it, pages are
  // rendered in the browser as before.
  const bundleFile = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  const bundle: ServerBundle | null =
    built && existsSync(bundleFile) ? await import(pathToFileURL(bundleFile).href) : null;
  const base = app.config.publicUrl;
  const { siteFacts } = app.services;
  const serverRendered = new Set(bundle?.SERVER_RENDERED ?? []);
  /** Whether `route` is a public page this build renders on the server. */
  const serverRenders = (route: string): route is PublicRoute =>
    (PUBLIC_ROUTES as readonly string[]).includes(route) && serverRendered.has(route);

  const sendHtml = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: string,
    etag: string,
  ) => {
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', etag);
    if (status === 200 && isFresh(request, etag)) return reply.status(304).send();
    return reply.send(body);
  };

  /** The page the browser renders itself (the hub, sign-in, not found). */
  const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendHtml(request, reply, status, template, templateEtag);
  };

  /** The extra <head> of a public page: canonical link, Open Graph, and on `/` the LocalBusiness JSON-LD. */
  async function headFor(route: PublicRoute, rendered: Rendered, server: ServerBundle) {
    const site = await siteFacts();
    const title = rendered.title ?? site.businessName;
    const description = rendered.description ?? site.tagline;
    const url = `${base}${route}`;
    const tags = [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(site.businessName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(`${base}/demo/logo.png`)}" />`,
      `<meta name="twitter:card" content="summary" />`,
    ];
    if (route === '/') {
      const business = { ...server.localBusiness(site, base), ...(await approvedRating(app.database.db)) };
      tags.push(`<script type="application/ld+json">${scriptJson(JSON.stringify(business))}</script>`);
    }
    return { title, description, tags: tags.join('\n    ') };
  }

  /**
   * One public page at `route` with the state `search` names (already reduced to what the page reads), and after
   * a refused form post, the visitor's input and its problems (only for a route that `serverRenders`).
   */
  async function renderPage(
    route: PublicRoute,
    search: URLSearchParams,
    posted?: { form: PageForm; value: PostedForm },
  ) {
    if (!bundle) throw new Error('no server-rendering bundle');
    const expiries: number[] = [];
    const query = search.size ? `?${search}` : '';
    const rendered = await bundle.render(`${route}${query}`, base, injectFetch(app, expiries), posted);
    const head = await headFor(route, rendered, bundle);
    // Replacer functions throughout: page text may contain "$&" or "$'", which a replacement string would expand.
    const body = withStyles(template, rendered.html)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /<meta\s+name="description"[\s\S]*?\/?>/,
        () => `<meta name="description" content="${escapeHtml(head.description)}" />\n    ${head.tags}`,
      )
      // The page is readable and usable without JavaScript now.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      // Its code waits for the first paint and the pictures (main.tsx): asked for at low priority, it never takes
      // a slow phone's bandwidth from them.
      .replace(
        '<script type="module" crossorigin src=',
        '<script type="module" crossorigin fetchpriority="low" src=',
      )
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="query-state">${scriptJson(rendered.state)}</script>`,
      );
    const expiresAt = expiries.length ? Math.min(...expiries) : undefined;
    return { value: { body, etag: etagOf(body), status: rendered.status }, expiresAt };
  }

  /**
   * /contact after "See price" without script: the booking form came back by GET with everything in it. The
   * estimate's inputs are page parameters; the visitor's own details (kept here, so nothing typed is lost) make
   * the page theirs: rendered for them alone, never cached.
   */
  async function sendKeptBooking(query: URLSearchParams, search: URLSearchParams, reply: FastifyReply) {
    const values: Record<string, string> = {};
    for (const name of KEPT_BOOKING_FIELDS) {
      const value = query.get(name);
      if (value) values[name] = value.slice(0, 2000);
    }
    for (const name of new Set(search.keys())) values[name] = search.getAll(name).join(',');
    values.package_id ??= '';
    const page = await renderPage(PAGE_FORMS.booking, search, {
      form: 'booking',
      value: { values, errors: {}, message: null },
    });
    reply.header('cache-control', 'no-store');
    return reply.status(200).type('text/html; charset=utf-8').send(page.value.body);
  }

  const markers = reviewRequestTokensOf(app.config).marker;
  /**
   * /reviews from a review request's link (`name` and the signed marker `v`): the form open, the name filled in and
   * the marker in its hidden field, so it works without script. Only a marker this server signed makes the page
   * theirs (rendered for them alone, never cached); any other `v` gets the page everyone gets.
   */
  async function sendRequestedReview(query: URLSearchParams, search: URLSearchParams, reply: FastifyReply) {
    search.set('write', '1');
    const page = await renderPage(PAGE_FORMS.review, search, {
      form: 'review',
      value: {
        values: { reviewer_name: textParam(query.get('name')), verification: query.get('v') ?? '' },
        errors: {},
        message: null,
      },
    });
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return reply.status(200).type('text/html; charset=utf-8').send(page.value.body);
  }

  /** A page: a public one rendered from its address (cached by it), any other the app the browser renders. */
  async function sendPage(route: string, request: FastifyRequest, reply: FastifyReply) {
    if (!serverRenders(route)) return sendApp(request, reply, 200);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const search = pageSearch(route, query);
    if (route === PAGE_FORMS.booking && KEPT_BOOKING_FIELDS.some((name) => query.get(name))) {
      return sendKeptBooking(query, search, reply);
    }
    if (route === PAGE_FORMS.review && markers.idOf(query.get('v') ?? '') !== undefined) {
      return sendRequestedReview(query, search, reply);
    }
    const load = () => renderPage(route, search);
    // The gallery is shuffled on each load (docs/product.md#gallery) unless its address names the order (the seed of
    // a visit). The booking form lists the open times, which every hold, move, confirm and lapse changes (none of
    // them a public-content write): rendered each time, so it never offers a held time (docs/architecture.md).
    const page =
      (route === '/gallery' && !search.has('seed')) || route === PAGE_FORMS.booking
        ? (await load()).value
        : await app.publicCache.get(`html ${route}?${search}`, load);
    return sendHtml(request, reply, page.status, page.body, page.etag);
  }

  /**
   * A customer's personal page (features/customer-link) as a whole document: the site's frame and stylesheet,
   * `noindex`, and no script at all (the page needs none; the app's router has no such page to hydrate).
   */
  async function renderCustomerLink(
    content: { view: CustomerLinkView } | { problem: { title: string; text: string } },
  ): Promise<string> {
    if (!bundle) throw new Error('no server-rendering bundle');
    const html = await bundle.renderCustomerLink(content, base, injectFetch(app, []));
    const site = await siteFacts();
    const title = 'view' in content ? 'Your visits' : content.problem.title;
    return withStyles(template, html)
      .replace(
        /<title>[\s\S]*?<\/title>/,
        () => `<title>${escapeHtml(`${title} – ${site.businessName}`)}</title>`,
      )
      .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '<meta name="robots" content="noindex, nofollow" />')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<link rel="manifest"[^>]*>/g, '')
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  }

  return { built, serverRenders, sendHtml, sendApp, renderPage, sendPage, renderCustomerLink };
}

export type PageRenderer = Awaited<ReturnType<typeof pageRenderer>>;
