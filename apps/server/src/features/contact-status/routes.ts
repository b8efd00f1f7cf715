import { ADMIN_ERRORS, contactStatusInput, contactStatusSchema, errorsFor, toInstant } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { requireAdmin } from '../auth/guard';
import { contactStatusStore } from './store';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = contactStatusStore(app.database.db);

  app.get(
    '/api/contact-status',
    { schema: { response: { 200: contactStatusSchema, ...errorsFor() } } },
    async (_request, reply) => {
      // The owner's switch must take effect at once: no cached copies.
      reply.header('cache-control', 'no-store');
      return store.get();
    },
  );

  app.patch(
    '/api/contact-status',
    {
      onRequest: requireAdmin,
      schema: {
        body: contactStatusInput,
        response: { 200: contactStatusSchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { is_open, reopens_at, message } = request.body;
      const reopensAt = reopens_at ? toInstant(reopens_at, app.config.timezone) : null;
      if (!is_open && reopensAt && reopensAt <= new Date())
        throw badRequest('reopens_at must be in the future.');
      return store.set(is_open, reopensAt, message);
    },
  );
};
