import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_ROUTES } from '@clean/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { approvedRating } from '../features/seo/rating';
import { etagOf, isFresh } from './public-cache';

/** Client routes of spec §2; any other page path gets the app with a 404 status so it can say "not found". */
const CLIENT_ROUTES = new Set<string>(PAGE_ROUTES);

/** Pages whose HTML differs on every load (the gallery is shuffled each time, spec §4): rendered, not cached. */
const RENDERED_EACH_TIME = new Set(['/gallery']);

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
type Rendered = { html: string; state: string; status: number; title?: string; description?: string };
type ServerBundle = {
  render: (pathname: string, origin: string, fetch: typeof globalThis.fetch) => Promise<Rendered>;
  localBusiness: (site: FastifyInstance['config']['site'], origin: string) => Record<string, unknown>;
  SERVER_RENDERED: string[];
};

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

/** Serves the built web app: hashed assets cached for a year, HTML always revalidated (ETag, 304). */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        const html = file.endsWith('.html');
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }
  const template = built ? readFileSync(indexFile, 'utf8') : '';
  const templateEtag = etagOf(template);
  // Server-rendered pages carry the stylesheet inline (8 KB gzip): the first paint waits for nothing but
  // the HTML, instead of a second round trip that competes with the scripts for a slow phone's bandwidth.
  const ssrTemplate = template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
    (tag, href: string) => {
      const file = path.join(webDist, href);
      return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style>` : tag;
    },
  );

  // The server-rendering bundle sits next to the web build (apps/web/dist-ssr); without it, pages are
  // rendered in the browser as before.
  const bundleFile = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  const bundle: ServerBundle | null =
    built && existsSync(bundleFile) ? await import(pathToFileURL(bundleFile).href) : null;
  const base = app.config.publicUrl;

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

  const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendHtml(request, reply, status, template, templateEtag);
  };

  /** The extra <head> of a public page: canonical link, Open Graph, and on `/` the LocalBusiness JSON-LD. */
  async function headFor(pathname: string, rendered: Rendered, server: ServerBundle) {
    const site = app.config.site;
    const title = rendered.title ?? site.businessName;
    const description = rendered.description ?? site.tagline;
    const url = `${base}${pathname}`;
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
    if (pathname === '/') {
      const business = { ...server.localBusiness(site, base), ...(await approvedRating(app.database.db)) };
      tags.push(`<script type="application/ld+json">${scriptJson(JSON.stringify(business))}</script>`);
    }
    return { title, description, tags: tags.join('\n    ') };
  }

  async function renderPage(pathname: string, server: ServerBundle) {
    const expiries: number[] = [];
    const rendered = await server.render(pathname, base, injectFetch(app, expiries));
    const head = await headFor(pathname, rendered, server);
    // Replacer functions throughout: page text may contain "$&" or "$'", which a replacement string would expand.
    const body = ssrTemplate
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /<meta\s+name="description"[\s\S]*?\/?>/,
        () => `<meta name="description" content="${escapeHtml(head.description)}" />\n    ${head.tags}`,
      )
      // The page is readable without JavaScript now.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="query-state">${scriptJson(rendered.state)}</script>`,
      );
    const expiresAt = expiries.length ? Math.min(...expiries) : undefined;
    return { value: { body, etag: etagOf(body), status: rendered.status }, expiresAt };
  }

  const serverRendered = new Set(bundle?.SERVER_RENDERED ?? []);
  for (const route of CLIENT_ROUTES) {
    app.get(route, async (request, reply) => {
      if (!bundle || !serverRendered.has(route)) return sendApp(request, reply, 200);
      const page = RENDERED_EACH_TIME.has(route)
        ? (await renderPage(route, bundle)).value
        : await app.publicCache.get(`html ${route}`, () => renderPage(route, bundle));
      return sendHtml(request, reply, page.status, page.body, page.etag);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage)
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    return sendApp(request, reply, 404);
  });
}
