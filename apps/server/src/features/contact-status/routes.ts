import { contactStatusInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/guard';
import { contactStatusService } from './service';
import { contactStatusStore } from './store';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const contactStatus = contactStatusService({
    store: contactStatusStore(app.database.db),
    timezone: app.config.timezone,
  });

  app.get('/api/contact-status', async (_request, reply) => {
    // The owner's switch must take effect at once: no cached copies.
    reply.header('cache-control', 'no-store');
    return contactStatus.get();
  });

  app.patch(
    '/api/contact-status',
    { onRequest: requireAdmin, schema: { body: contactStatusInput } },
    async (request) => contactStatus.set(request.body),
  );
};
