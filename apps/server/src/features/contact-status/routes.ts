import { contactStatusInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/guard';
import { contactStatusStore } from './store';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = contactStatusStore(app.database.db);

  app.get('/api/contact-status', async (_request, reply) => {
    // The owner's switch must take effect at once: no cached copies.
    reply.header('cache-control', 'no-store');
    return store.get();
  });

  app.patch(
    '/api/contact-status',
    { onRequest: requireAdmin, schema: { body: contactStatusInput } },
    async (request) => store.set(request.body.is_open),
  );
};
