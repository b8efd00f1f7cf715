import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  inquiryPatch,
  inquiryQuery,
  inquirySchema,
  noContent,
  withDependantsQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { inquiriesService } from './service';

/** Inquiries administration: list, edit, status, delete (admin only, DESIGN §5). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const inquiries = inquiriesService({
    db: app.database.db,
    config: app.config,
    kickOutbox: () => app.outbox.kick(),
  });

  app.get(
    '/api/inquiries',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: z.array(inquirySchema), ...errorsFor(...ADMIN_ERRORS) },
        querystring: inquiryQuery,
      },
    },
    async (request, reply) => {
      const { items, total } = await inquiries.list(request.query);
      return sendList(reply, items, total);
    },
  );

  app.patch(
    '/api/inquiries/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: inquirySchema, ...errorsFor(...ADMIN_ERRORS, 404) },
        params: idParams,
        body: inquiryPatch,
      },
    },
    async (request) => inquiries.update(request.params.id, request.body),
  );

  app.delete(
    '/api/inquiries/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404, 409) },
        params: idParams,
        querystring: withDependantsQuery,
      },
    },
    async (request, reply) => {
      await inquiries.remove(request.params.id, request.query);
      return reply.status(204).send();
    },
  );
};
