import { calendarFeedSchema, calendarResponse, errorsFor } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byLink } from '../../lib/access';
import { requireAdmin } from '../../lib/guard';

/**
 * The owner's calendar feed (RFC 5545): GET /api/calendar_feed and POST /api/calendar_feed/rotate (admin) give
 * its secret address; GET /api/calendar/<secret>.ics serves it without a token, as calendar apps require.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = app.services.calendarFeed;

  const admin = {
    onRequest: requireAdmin,
    schema: { response: { 200: calendarFeedSchema, ...errorsFor(401, 403) } },
  };
  app.get('/api/calendar_feed', admin, async () => feed.address());
  app.post('/api/calendar_feed/rotate', admin, async () => feed.rotate());

  app.get(
    '/api/calendar/:file',
    {
      config: byLink,
      schema: {
        response: { 200: calendarResponse, ...errorsFor(400, 404) },
        params: z.object({ file: z.string().max(100) }),
      },
      // The address is the secret: keep it out of the request log (only warnings and errors, which omit it).
      logLevel: 'warn',
    },
    async (request, reply) => {
      const ics = await feed.ics(request.params.file);
      // Private data behind a secret address: never stored by shared caches.
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="cleanings.ics"')
        .send(ics);
    },
  );
};
