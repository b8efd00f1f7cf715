import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Client routes of spec §2; any other page path gets the app with a 404 status so it can say "not found". */
const CLIENT_ROUTES = new Set([
  '/',
  '/signin',
  '/forgot-password',
  '/reset-password',
  '/packages',
  '/contact',
  '/gallery',
  '/reviews',
  '/contact-center',
]);

/** Serves the built web app: hashed assets cached for a year, index.html for every client route. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendApp = (reply: FastifyReply, status: number) => {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
  };

  // Real routes (not the not-found handler) so that compression and the other route hooks apply.
  for (const route of CLIENT_ROUTES) app.get(route, (_request, reply) => sendApp(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage)
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    return sendApp(reply, 404);
  });
}
