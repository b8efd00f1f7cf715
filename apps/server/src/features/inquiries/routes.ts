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
import { conflict, notFound } from '../../lib/errors';
import { paging, sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { type InquiryChanges, inquiriesStore, isForeignKeyViolation } from './store';

const NOT_FOUND = 'No inquiry with that id.';

/** Inquiries administration: list, edit, status, delete (admin only, DESIGN §5). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = inquiriesStore(app.database.db);

  app.get(
    '/api/inquiries',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: inquiryQuery,
        response: { 200: z.array(inquirySchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { name, phone_number, status } = request.query;
      const { items, total } = await store.list({ name, phone_number, status }, paging(request.query));
      return sendList(reply, items, total);
    },
  );

  app.patch(
    '/api/inquiries/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        body: inquiryPatch,
        response: { 200: inquirySchema, ...errorsFor(...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      // Only the fields sent change (absent ones are undefined, which the update skips).
      const changes: InquiryChanges = {
        name: b.name,
        email: b.email,
        phoneNumber: b.phone_number,
        callOrText: b.call_or_text,
        description: b.description,
        status: b.status,
      };
      const inquiry = await store.update(request.params.id, changes);
      if (!inquiry) throw notFound(NOT_FOUND);
      return inquiry;
    },
  );

  app.delete(
    '/api/inquiries/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        querystring: withDependantsQuery,
        response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      let result: Awaited<ReturnType<typeof store.remove>>;
      try {
        result = await store.remove(request.params.id, request.query.with_dependants);
      } catch (err) {
        // Someone attached a record to this inquiry while it was being deleted.
        if (isForeignKeyViolation(err))
          throw conflict('This inquiry changed while deleting it. Please try again.');
        throw err;
      }
      if (result.deleted) return reply.status(204).send();
      if (result.reason === 'not_found') throw notFound(NOT_FOUND);
      const { oneTimeCleanings, recurringPayments } = result.dependants;
      throw conflict(
        `This inquiry has ${oneTimeCleanings} one-time cleaning(s) and ${recurringPayments} recurring schedule(s). Delete them first, or confirm deleting everything.`,
      );
    },
  );
};
