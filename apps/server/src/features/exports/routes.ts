import {
  csvResponse,
  inquiryQuery,
  oneTimeCleaningQuery,
  recurringPaidQuery,
  recurringPaymentQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_TIMEOUT_MS, sendCsv } from '../../lib/csv';
import { requireAdmin } from '../../lib/guard';
import type { CsvExport } from './service';

/**
 * CSV exports for the bookkeeper (admin): each takes its Manage list's search parameters and streams what that
 * search shows, newest first, from the database in batches.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const csvExports = app.services.exports;
  const zone = app.config.timezone;
  const guard = { onRequest: requireAdmin, handlerTimeout: EXPORT_TIMEOUT_MS };
  const send = (reply: Parameters<typeof sendCsv>[0], file: string, csv: CsvExport) =>
    sendCsv(reply, file, csv.header, csv.rows, zone);

  app.get(
    '/api/export/inquiries.csv',
    { ...guard, schema: { querystring: inquiryQuery, response: csvResponse } },
    async (request, reply) => send(reply, 'inquiries.csv', csvExports.inquiries(request.query)),
  );

  app.get(
    '/api/export/one_time_cleanings.csv',
    { ...guard, schema: { querystring: oneTimeCleaningQuery, response: csvResponse } },
    async (request, reply) =>
      send(reply, 'one_time_cleanings.csv', csvExports.oneTimeCleanings(request.query)),
  );

  app.get(
    '/api/export/recurring_payments.csv',
    { ...guard, schema: { querystring: recurringPaymentQuery, response: csvResponse } },
    async (request, reply) =>
      send(reply, 'recurring_payments.csv', csvExports.recurringPayments(request.query)),
  );

  // One row per paid date, so a spreadsheet can sort and count visits; the record's amount is repeated on each
  // of its rows (the record id tells them apart), a record without dates has one row with an empty date.
  app.get(
    '/api/export/recurring_paid.csv',
    { ...guard, schema: { querystring: recurringPaidQuery, response: csvResponse } },
    async (request, reply) => send(reply, 'recurring_paid.csv', csvExports.recurringPaid(request.query)),
  );
};
