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
  withDependantsQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: z.array(recurringPaymentSchema), ...errorsFor(...ADMIN_ERRORS) },
        querystring: recurringPaymentQuery,
      },
    },
    async (request, reply) => {
      const { items, total } = await recurring.listSchedules(request.query);
      return sendList(reply, items, total);
    },
  );

  // Schedules whose next payment is late (a recognised frequency, more than a period plus 3 days).
  app.get(
    '/api/recurring_payments/overdue',
    {
      schema: { response: { 200: z.array(overduePaymentSchema), ...errorsFor(401, 403) } },
      onRequest: requireAdmin,
    },
    async () => recurring.overdue(),
  );

  app.post(
    '/api/recurring_payments',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 201: recurringPaymentSchema, ...errorsFor(...ADMIN_ERRORS) },
        body: recurringPaymentInput,
      },
    },
    async (request, reply) => reply.status(201).send(await recurring.createSchedule(request.body)),
  );

  app.patch(
    '/api/recurring_payments/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: recurringPaymentSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
        params: idParams,
        body: recurringPaymentPatch,
      },
    },
    async (request) => recurring.updateSchedule(request.params.id, request.body),
  );

  app.delete(
    '/api/recurring_payments/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404, 409) },
        params: idParams,
        querystring: withDependantsQuery,
      },
    },
    async (request, reply) => {
      await recurring.removeSchedule(request.params.id, request.query);
      return reply.status(204).send();
    },
  );

  // -------------------------------------------------------------- paid records

  app.get(
    '/api/recurring_paid',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: z.array(recurringPaidSchema), ...errorsFor(...ADMIN_ERRORS) },
        querystring: recurringPaidQuery,
      },
    },
    async (request, reply) => {
      const { items, total } = await recurring.listPaid(request.query);
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/recurring_paid',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 201: recurringPaidSchema, ...errorsFor(...ADMIN_ERRORS) },
        body: recurringPaidInput,
      },
    },
    async (request, reply) => reply.status(201).send(await recurring.createPaid(request.body)),
  );

  app.patch(
    '/api/recurring_paid/:id',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: recurringPaidSchema, ...errorsFor(...ADMIN_ERRORS, 404) },
        params: idParams,
        body: recurringPaidPatch,
      },
    },
    async (request) => recurring.updatePaid(request.params.id, request.body),
  );

  app.delete(
    '/api/recurring_paid/:id',
    {
      onRequest: requireAdmin,
      schema: { response: { 204: noContent, ...errorsFor(...ADMIN_ERRORS, 404) }, params: idParams },
    },
    async (request, reply) => {
      await recurring.removePaid(request.params.id);
      return reply.status(204).send();
    },
  );
};
