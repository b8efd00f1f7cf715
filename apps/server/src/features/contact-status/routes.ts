import { contactStatusInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/guard';
import { contactStatusStore } from './store';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = contactStatusStore(app.database.db);

  // The owner's switch must take effect at once: every write empties the server's cache, and browsers keep
  // no copy (no-store).
  app.get('/api/contact-status', (request, reply) =>
    app.publicCache.json(request, reply, async () => ({ value: { body: await store.get() } }), 'no-store'),
  );

  app.patch(
    '/api/contact-status',
    { onRequest: requireAdmin, schema: { body: contactStatusInput } },
    async (request) => store.set(request.body.is_open),
  );
};
