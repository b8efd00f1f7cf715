import { errorsFor, noContent, pushKeySchema, pushSubscriptionInputFor } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/guard';
import { pushStore } from './store';

/**
 * "Notify me on this phone" (admin): GET /api/push/key gives the VAPID public key to subscribe with,
 * POST /api/push/subscriptions keeps the device's subscription (again for the same endpoint: its keys are replaced):
 * a public https push service and keys of the sizes RFC 8291 needs, at most MAX_PUSH_SUBSCRIPTIONS (the oldest go).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = pushStore(app.database.db);
  const body = pushSubscriptionInputFor(app.config.push.allowEndpointOrigins);
  app.get(
    '/api/push/key',
    { onRequest: requireAdmin, schema: { response: { 200: pushKeySchema, ...errorsFor(401, 403) } } },
    async () => ({ public_key: app.pushKey }),
  );
  app.post(
    '/api/push/subscriptions',
    {
      onRequest: requireAdmin,
      schema: { body, response: { 204: noContent, ...errorsFor(400, 401, 403) } },
    },
    async (request, reply) => {
      await store.subscribe(request.body);
      return reply.code(204).send();
    },
  );
};
