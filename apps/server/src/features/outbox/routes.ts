import { failedMessagesSchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { outboxStore } from './store';

/** GET /api/outbox/failed (admin): the messages the outbox gave up on, so the owner hears of them instead of silence. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = outboxStore(app.database.db);
  app.get('/api/outbox/failed', admin({}, { 200: failedMessagesSchema }), () => store.failed());
};
