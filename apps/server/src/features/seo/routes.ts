import { errorsFor, textBody } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The public pages of spec §2, in the order a visitor meets them. */
export const PUBLIC_ROUTES = ['/', '/packages', '/gallery', '/reviews', '/contact'] as const;
/** Private or transactional pages that have no business in search results. */
export const PRIVATE_ROUTES = ['/contact-center', '/signin', '/forgot-password', '/reset-password'] as const;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** robots.txt and sitemap.xml, with absolute URLs from PUBLIC_URL. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl;
  // /api/ stays crawlable on purpose: search engines render the pages and need their data to do it.
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_ROUTES.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_ROUTES.map((route) => `  <url><loc>${escapeXml(base + route)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  app.get(
    '/robots.txt',
    { schema: { response: { 200: textBody('text/plain', 'robots.txt'), ...errorsFor() } } },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: textBody('application/xml', 'The public pages'), ...errorsFor() } } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
  );
};
