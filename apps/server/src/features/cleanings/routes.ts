import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  noContent,
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  oneTimeCleaningSchema,
  toInstant,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { paging, sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { inquiriesStore, isForeignKeyViolation } from '../inquiries/store';
import { type CleaningValues, cleaningsStore } from './store';

const NOT_FOUND = 'No one-time cleaning with that id.';
const NO_SUCH_INQUIRY = 'inquiry_id: no such inquiry';

/** One-time cleanings (admin). Date-times without an offset are wall time in the business time zone. */
export const cleaningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = cleaningsStore(app.database.db);
  const inquiries = inquiriesStore(app.database.db);
  const instant = (value: string) => toInstant(value, app.config.timezone);

  /** Runs a write whose inquiry_id must name an inquiry; a vanished inquiry is the client's 400, not a 5xx. */
  async function referencingInquiry<T>(inquiryId: number | undefined, write: () => Promise<T>): Promise<T> {
    if (inquiryId !== undefined && !(await inquiries.exists(inquiryId))) throw badRequest(NO_SUCH_INQUIRY);
    try {
      return await write();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw badRequest(NO_SUCH_INQUIRY);
      throw err;
    }
  }

  app.get(
    '/api/one_time_cleanings',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: oneTimeCleaningQuery,
        response: { 200: z.array(oneTimeCleaningSchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { items, total } = await store.list(request.query.search, paging(request.query));
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/one_time_cleanings',
    {
      onRequest: requireAdmin,
      schema: {
        body: oneTimeCleaningInput,
        response: { 201: oneTimeCleaningSchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const cleaning = await referencingInquiry(b.inquiry_id, () =>
        store.create({
          inquiryId: b.inquiry_id,
          dateTime: instant(b.date_time),
          amount: b.amount,
          paid: b.paid,
          notes: b.notes,
        }),
      );
      return reply.status(201).send(cleaning);
    },
  );

  app.patch(
    '/api/one_time_cleanings/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        body: oneTimeCleaningPatch,
        response: { 200: oneTimeCleaningSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      const changes: Partial<CleaningValues> = {
        inquiryId: b.inquiry_id,
        dateTime: b.date_time === undefined ? undefined : instant(b.date_time),
        amount: b.amount,
        paid: b.paid,
        notes: b.notes,
      };
      const found = await referencingInquiry(b.inquiry_id, () => store.update(request.params.id, changes));
      const cleaning = found && (await store.get(request.params.id));
      if (!cleaning) throw notFound(NOT_FOUND);
      return cleaning;
    },
  );

  app.delete(
    '/api/one_time_cleanings/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404) } },
    },
    async (request, reply) => {
      if (!(await store.remove(request.params.id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    },
  );
};
