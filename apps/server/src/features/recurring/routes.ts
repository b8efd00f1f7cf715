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
import { requireAdmin } from '../../lib/guard';
import { manageRoutes } from '../manage-routes';

/** Recurring payment schedules and their paid records (admin). */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recurring } = app.services;

  manageRoutes(app, '/api/recurring_payments', recurringPaymentSchema, {
    list: [recurringPaymentQuery, recurring.listSchedules],
    create: [recurringPaymentInput, recurring.createSchedule],
    update: [recurringPaymentPatch, recurring.updateSchedule],
    removeWithDependants: recurring.removeSchedule,
    versioned: true,
  });

  // Schedules whose next payment is late (a recognised frequency, more than a period plus 3 days).
  app.get(
    '/api/recurring_payments/overdue',
    {
      schema: { response: { 200: z.array(overduePaymentSchema), ...errorsFor(401, 403) } },
      onRequest: requireAdmin,
    },
    async () => recurring.overdue(),
  );

  manageRoutes(app, '/api/recurring_paid', recurringPaidSchema, {
    list: [recurringPaidQuery, recurring.listPaid],
    create: [recurringPaidInput, recurring.createPaid],
    update: [recurringPaidPatch, recurring.updatePaid],
    remove: recurring.removePaid,
  });
};
