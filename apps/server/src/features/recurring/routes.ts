import {
  idParams,
  recurringPaidInput,
  recurringPaidPatch,
  recurringPaidQuery,
  recurringPaymentInput,
  recurringPaymentPatch,
  recurringPaymentQuery,
  withDependantsQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { inquiriesStore } from '../inquiries/store';
import { overdueSchedules } from './overdue';
import { recurringService } from './service';
import { paidStore, schedulesStore } from './store';

/** Recurring payment schedules and their paid records (admin). */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { timezone } = app.config;
  const recurring = recurringService({
    schedules: schedulesStore(db),
    paid: paidStore(db),
    inquiryExists: inquiriesStore(db).exists,
    overdue: () => overdueSchedules(db, timezone),
    timezone,
  });

  // -------------------------------------------------------------- schedules

  app.get(
    '/api/recurring_payments',
    { onRequest: requireAdmin, schema: { querystring: recurringPaymentQuery } },
    async (request, reply) => {
      const { items, total } = await recurring.listSchedules(request.query);
      return sendList(reply, items, total);
    },
  );

  // Schedules whose next payment is late (a recognised frequency, more than a period plus 3 days).
  app.get('/api/recurring_payments/overdue', { onRequest: requireAdmin }, async () => recurring.overdue());

  app.post(
    '/api/recurring_payments',
    { onRequest: requireAdmin, schema: { body: recurringPaymentInput } },
    async (request, reply) => reply.status(201).send(await recurring.createSchedule(request.body)),
  );

  app.patch(
    '/api/recurring_payments/:id',
    { onRequest: requireAdmin, schema: { params: idParams, body: recurringPaymentPatch } },
    async (request) => recurring.updateSchedule(request.params.id, request.body),
  );

  app.delete(
    '/api/recurring_payments/:id',
    { onRequest: requireAdmin, schema: { params: idParams, querystring: withDependantsQuery } },
    async (request, reply) => {
      await recurring.removeSchedule(request.params.id, request.query);
      return reply.status(204).send();
    },
  );

  // -------------------------------------------------------------- paid records

  app.get(
    '/api/recurring_paid',
    { onRequest: requireAdmin, schema: { querystring: recurringPaidQuery } },
    async (request, reply) => {
      const { items, total } = await recurring.listPaid(request.query);
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/recurring_paid',
    { onRequest: requireAdmin, schema: { body: recurringPaidInput } },
    async (request, reply) => reply.status(201).send(await recurring.createPaid(request.body)),
  );

  app.patch(
    '/api/recurring_paid/:id',
    { onRequest: requireAdmin, schema: { params: idParams, body: recurringPaidPatch } },
    async (request) => recurring.updatePaid(request.params.id, request.body),
  );

  app.delete(
    '/api/recurring_paid/:id',
    { onRequest: requireAdmin, schema: { params: idParams } },
    async (request, reply) => {
      await recurring.removePaid(request.params.id);
      return reply.status(204).send();
    },
  );
};
