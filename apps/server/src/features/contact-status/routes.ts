import { contactStatusInput, toInstant } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { requireAdmin } from '../auth/guard';
import { contactStatusStore } from './store';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = contactStatusStore(app.database.db);

  // The owner's switch must take effect at once: every write empties the server's cache, and browsers keep
  // no copy (no-store). Closed until a date, the cached answer (and any page built from it) expires then.
  app.get('/api/contact-status', (request, reply) =>
    app.publicCache.json(
      request,
      reply,
      async () => {
        const body = await store.get();
        const reopens = !body.is_open && body.reopens_at ? Date.parse(body.reopens_at) : undefined;
        return { value: { body }, expiresAt: reopens };
      },
      'no-store',
    ),
  );

  app.patch(
    '/api/contact-status',
    { onRequest: requireAdmin, schema: { body: contactStatusInput } },
    async (request) => {
      const { is_open, reopens_at, message } = request.body;
      const reopensAt = reopens_at ? toInstant(reopens_at, app.config.timezone) : null;
      if (!is_open && reopensAt && reopensAt <= new Date())
        throw badRequest('reopens_at must be in the future.');
      return store.set(is_open, reopensAt, message);
    },
  );
};
