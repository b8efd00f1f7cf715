import path from 'node:path';
import { PAGE_ROUTES } from '@clean/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { anyone, registerAs } from '../../lib/access';
import { customerLinkPageRoutes } from '../customer-link/page-routes';
import { pageFormRoutes } from './forms';
import { pageRenderer } from './render';

/**
 * Serves the built web app: hashed assets cached for a year, HTML always revalidated (ETag, 304). Public pages are
 * rendered on the server from their address (page, search, open dialog…), so every link and form works before
 * and without script; their two forms also take plain HTML posts (./forms.ts). Any other page path gets the app
 * with a 404 status so it can say "not found".
 */
export async function registerPages(app: FastifyInstance, webDist: string) {
  const pages = await pageRenderer(app, webDist);
  if (pages.built) {
    await registerAs(app, 'anyone', (scope) =>
      scope.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        setHeaders(res, file) {
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          // The hub's service worker names the build's files: a stale copy would keep an old build on the phone.
          const revalidate = file.endsWith('.html') || path.basename(file) === 'hub-sw.js';
          res.header(
            'cache-control',
            immutable
              ? 'public, max-age=31536000, immutable'
              : revalidate
                ? 'no-cache'
                : 'public, max-age=3600',
          );
        },
      }),
    );
  }

  for (const route of PAGE_ROUTES)
    app.get(route, { config: anyone }, (request, reply) => pages.sendPage(route, request, reply));

  await app.register(pageFormRoutes, { pages });
  await app.register(customerLinkPageRoutes, { pages });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage)
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    return pages.sendApp(request, reply, 404);
  });
}
