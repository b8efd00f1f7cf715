import {
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  oneTimeCleaningSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCreate, adminDelete, adminList, adminUpdate, sendNoContent } from '../../lib/admin-routes';
import { sendList } from '../../lib/paging';
import { inquiriesStore } from '../inquiries/store';
import { cleaningsService } from './service';
import { cleaningsStore } from './store';

/** One-time cleanings (admin). Date-times without an offset are wall time in the business time zone. */
export const cleaningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const cleanings = cleaningsService({
    store: cleaningsStore(db),
    inquiryExists: inquiriesStore(db).exists,
    timezone: app.config.timezone,
  });

  app.get(
    '/api/one_time_cleanings',
    adminList(oneTimeCleaningQuery, oneTimeCleaningSchema),
    async (request, reply) => sendList(reply, await cleanings.list(request.query)),
  );

  app.post(
    '/api/one_time_cleanings',
    adminCreate(oneTimeCleaningInput, oneTimeCleaningSchema),
    async (request, reply) => reply.status(201).send(await cleanings.create(request.body)),
  );

  app.patch(
    '/api/one_time_cleanings/:id',
    adminUpdate(oneTimeCleaningPatch, oneTimeCleaningSchema),
    async (request) => cleanings.update(request.params.id, request.body),
  );

  app.delete('/api/one_time_cleanings/:id', adminDelete, async (request, reply) =>
    sendNoContent(reply, cleanings.remove(request.params.id)),
  );
};
