import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  noContent,
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  oneTimeCleaningSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
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
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: z.array(oneTimeCleaningSchema), ...errorsFor(...ADMIN_ERRORS) },
        querystring: oneTimeCleaningQuery,
      },
    },
    async (request, reply) => {
      const { items, total } = await cleanings.list(request.query);
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/one_time_cleanings',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 201: oneTimeCleaningSchema, ...errorsFor(...ADMIN_ERRORS) },
        body: oneTimeCleaningInput,
      },
    },
    async (request, reply) => reply.status(201).send(await cleanings.create(request.body)),
  );

  app.patch(
    '/api/one_time_cleanings/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: oneTimeCleaningSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
        params: idParams,
        body: oneTimeCleaningPatch,
      },
    },
    async (request) => cleanings.update(request.params.id, request.body),
  );

  app.delete(
    '/api/one_time_cleanings/:id',
    {
      onRequest: requireAdmin,
      schema: { response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404) }, params: idParams },
    },
    async (request, reply) => {
      await cleanings.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};
