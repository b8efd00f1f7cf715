import { ADMIN_ERRORS, contactStatusInput, contactStatusSchema, errorsFor } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyone } from '../../lib/access';
import { requireAdmin } from '../../lib/guard';
import { changesPublicContent } from '../../lib/public-cache';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contactStatus } = app.services;

  // The owner's switch must take effect at once: every write empties the server's cache, and browsers keep
  // no copy (no-store). Closed until a date, the cached answer (and any page built from it) expires then.
  app.get(
    '/api/contact-status',
    { config: anyone, schema: { response: { 200: contactStatusSchema, ...errorsFor() } } },
    (request, reply) => app.publicCache.json(request, reply, () => contactStatus.cacheEntry(), 'no-store'),
  );

  app.patch(
    '/api/contact-status',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: contactStatusSchema, ...errorsFor(...ADMIN_ERRORS) },
        body: contactStatusInput,
      },
      ...changesPublicContent,
    },
    async (request) => contactStatus.set(request.body),
  );
};
