import { errorsFor, PRIVATE_ROUTES, PUBLIC_ROUTES, textBody } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone } from '../../lib/access';
import { lastChanges } from './rating';

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
  const sitemap = (lastmod: Record<(typeof PUBLIC_ROUTES)[number], Date | null>) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_ROUTES.map((route) => {
        const at = lastmod[route];
        return `  <url><loc>${escapeXml(base + route)}</loc>${at ? `<lastmod>${at.toISOString()}</lastmod>` : ''}</url>`;
      }),
      '</urlset>',
      '',
    ].join('\n');

  app.get(
    '/robots.txt',
    { config: anyone, schema: { response: { 200: textBody('text/plain', 'robots.txt'), ...errorsFor() } } },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  app.get(
    '/sitemap.xml',
    {
      config: anyone,
      schema: { response: { 200: textBody('application/xml', 'The public pages'), ...errorsFor() } },
    },
    async (_request, reply) => {
      const body = await app.publicCache.get('sitemap', async () => ({
        value: sitemap(await lastChanges(app.database.db)),
      }));
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  );
};
