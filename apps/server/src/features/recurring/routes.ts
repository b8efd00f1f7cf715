import {
  errorsFor,
  overduePaymentSchema,
  recurringPaidInput,
  recurringPaidPatch,
  recurringPaidQuery,
  recurringPaidSchema,
  recurringPaymentInput,
  recurringPaymentPatch,
  recurringPaymentQuery,
  recurringPaymentSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCreate,
  adminDelete,
  adminDeleteWithDependants,
  adminList,
  adminUpdate,
  sendNoContent,
} from '../../lib/admin-routes';
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
    adminList(recurringPaymentQuery, recurringPaymentSchema),
    async (request, reply) => sendList(reply, await recurring.listSchedules(request.query)),
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
    adminCreate(recurringPaymentInput, recurringPaymentSchema),
    async (request, reply) => reply.status(201).send(await recurring.createSchedule(request.body)),
  );

  app.patch(
    '/api/recurring_payments/:id',
    adminUpdate(recurringPaymentPatch, recurringPaymentSchema),
    async (request) => recurring.updateSchedule(request.params.id, request.body),
  );

  app.delete('/api/recurring_payments/:id', adminDeleteWithDependants, async (request, reply) =>
    sendNoContent(reply, recurring.removeSchedule(request.params.id, request.query)),
  );

  // -------------------------------------------------------------- paid records

  app.get('/api/recurring_paid', adminList(recurringPaidQuery, recurringPaidSchema), async (request, reply) =>
    sendList(reply, await recurring.listPaid(request.query)),
  );

  app.post(
    '/api/recurring_paid',
    adminCreate(recurringPaidInput, recurringPaidSchema),
    async (request, reply) => reply.status(201).send(await recurring.createPaid(request.body)),
  );

  app.patch(
    '/api/recurring_paid/:id',
    adminUpdate(recurringPaidPatch, recurringPaidSchema),
    async (request) => recurring.updatePaid(request.params.id, request.body),
  );

  app.delete('/api/recurring_paid/:id', adminDelete, async (request, reply) =>
    sendNoContent(reply, recurring.removePaid(request.params.id)),
  );
};
