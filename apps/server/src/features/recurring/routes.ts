import {
  ADMIN_ERRORS,
  errorsFor,
  idParams,
  noContent,
  overduePaymentSchema,
  recurringPaidInput,
  recurringPaidPatch,
  recurringPaidQuery,
  recurringPaidSchema,
  recurringPaymentInput,
  recurringPaymentPatch,
  recurringPaymentQuery,
  recurringPaymentSchema,
  toInstant,
  withDependantsQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { paging, sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { inquiriesStore, isForeignKeyViolation } from '../inquiries/store';
import { overdueSchedules } from './overdue';
import { type PaidValues, paidStore, type ScheduleValues, schedulesStore } from './store';

const SCHEDULE_NOT_FOUND = 'No recurring payment schedule with that id.';
const PAID_NOT_FOUND = 'No recurring paid record with that id.';
const NO_SUCH_INQUIRY = 'inquiry_id: no such inquiry';
const NO_SUCH_SCHEDULE = 'recurring_payment_id: no such recurring payment schedule';

/** Runs a write whose reference must exist; a vanished one is the client's 400, never a 5xx. */
async function referencing<T>(
  check: (() => Promise<boolean>) | undefined,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  if (check && !(await check())) throw badRequest(message);
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw badRequest(message);
    throw err;
  }
}

/** Recurring payment schedules and their paid records (admin). */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const schedules = schedulesStore(app.database.db);
  const paid = paidStore(app.database.db);
  const inquiries = inquiriesStore(app.database.db);
  const instants = (values: string[]) => values.map((v) => toInstant(v, app.config.timezone));

  // -------------------------------------------------------------- schedules

  app.get(
    '/api/recurring_payments',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: recurringPaymentQuery,
        response: { 200: z.array(recurringPaymentSchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { inquiry_name, frequency, notes } = request.query;
      const { items, total } = await schedules.list(
        { inquiry_name, frequency, notes },
        paging(request.query),
      );
      return sendList(reply, items, total);
    },
  );

  // Schedules whose next payment is late (a recognised frequency, more than a period plus 3 days).
  app.get(
    '/api/recurring_payments/overdue',
    {
      onRequest: requireAdmin,
      schema: { response: { 200: z.array(overduePaymentSchema), ...errorsFor(401, 403) } },
    },
    async () => overdueSchedules(app.database.db, app.config.timezone),
  );

  app.post(
    '/api/recurring_payments',
    {
      onRequest: requireAdmin,
      schema: {
        body: recurringPaymentInput,
        response: { 201: recurringPaymentSchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await referencing(
        () => inquiries.exists(b.inquiry_id),
        NO_SUCH_INQUIRY,
        () =>
          schedules.create({
            inquiryId: b.inquiry_id,
            amount: b.amount,
            frequency: b.frequency,
            notes: b.notes,
          }),
      );
      // Deleted between the insert and this read (a concurrent delete): say so rather than send an empty 201.
      const created = await schedules.get(id);
      if (!created) throw notFound(SCHEDULE_NOT_FOUND);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/recurring_payments/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        body: recurringPaymentPatch,
        response: { 200: recurringPaymentSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      const changes: Partial<ScheduleValues> = {
        inquiryId: b.inquiry_id,
        amount: b.amount,
        frequency: b.frequency,
        notes: b.notes,
      };
      const inquiryId = b.inquiry_id;
      const found = await referencing(
        inquiryId === undefined ? undefined : () => inquiries.exists(inquiryId),
        NO_SUCH_INQUIRY,
        () => schedules.update(request.params.id, changes),
      );
      const schedule = found && (await schedules.get(request.params.id));
      if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
      return schedule;
    },
  );

  app.delete(
    '/api/recurring_payments/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        querystring: withDependantsQuery,
        response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404, 409) },
      },
    },
    async (request, reply) => {
      let result: Awaited<ReturnType<typeof schedules.remove>>;
      try {
        result = await schedules.remove(request.params.id, request.query.with_dependants);
      } catch (err) {
        if (isForeignKeyViolation(err))
          throw conflict('This schedule changed while deleting it. Please try again.');
        throw err;
      }
      if (result.deleted) return reply.status(204).send();
      if (result.reason === 'not_found') throw notFound(SCHEDULE_NOT_FOUND);
      throw conflict(
        `This recurring schedule has ${result.paid} paid record(s). Delete them first, or confirm deleting everything.`,
      );
    },
  );

  // -------------------------------------------------------------- paid records

  app.get(
    '/api/recurring_paid',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: recurringPaidQuery,
        response: { 200: z.array(recurringPaidSchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { items, total } = await paid.list(request.query.name, paging(request.query));
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/recurring_paid',
    {
      onRequest: requireAdmin,
      schema: {
        body: recurringPaidInput,
        response: { 201: recurringPaidSchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const values: PaidValues = {
        recurringPaymentId: b.recurring_payment_id,
        amountPaid: b.amount_paid,
        notes: b.notes,
      };
      const id = await referencing(
        () => schedules.exists(b.recurring_payment_id),
        NO_SUCH_SCHEDULE,
        () => paid.create(values, instants(b.dates_related)),
      );
      const created = await paid.get(id);
      if (!created) throw notFound(PAID_NOT_FOUND);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/recurring_paid/:id',
    {
      onRequest: requireAdmin,
      schema: {
        params: idParams,
        body: recurringPaidPatch,
        response: { 200: recurringPaidSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      const changes: Partial<PaidValues> = {
        recurringPaymentId: b.recurring_payment_id,
        amountPaid: b.amount_paid,
        notes: b.notes,
      };
      const scheduleId = b.recurring_payment_id;
      const found = await referencing(
        scheduleId === undefined ? undefined : () => schedules.exists(scheduleId),
        NO_SUCH_SCHEDULE,
        () =>
          paid.update(
            request.params.id,
            changes,
            b.dates_related === undefined ? undefined : instants(b.dates_related),
          ),
      );
      const record = found && (await paid.get(request.params.id));
      if (!record) throw notFound(PAID_NOT_FOUND);
      return record;
    },
  );

  app.delete(
    '/api/recurring_paid/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404) } },
    },
    async (request, reply) => {
      if (!(await paid.remove(request.params.id))) throw notFound(PAID_NOT_FOUND);
      return reply.status(204).send();
    },
  );
};
