import { csvResponse, idParams, payQuery, payReportSchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin } from '../../lib/admin-routes';
import { sendCsv } from '../../lib/csv';
import { requireAdmin } from '../../lib/guard';
import { PAY_CSV_HEADER } from './service';

/** A team member's pay for a range of business dates (the owner's): JSON and CSV. */
export const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pay } = app.services;

  app.get(
    '/api/team/:id/pay',
    admin(
      {
        params: idParams,
        querystring: payQuery,
        description:
          'Per visit assigned to this team member on the business dates from..to (both included, at most 92 days): ' +
          'planned and clocked minutes, pay (hourly × clocked time, or the flat amount a visit) and tips; totals.',
      },
      { 200: payReportSchema },
      404,
    ),
    async (request) => pay.report(request.params.id, request.query),
  );

  app.get(
    '/api/team/:id/pay.csv',
    { onRequest: requireAdmin, schema: { params: idParams, querystring: payQuery, response: csvResponse } },
    async (request, reply) =>
      sendCsv(
        reply,
        'pay.csv',
        PAY_CSV_HEADER,
        await pay.csvRows(request.params.id, request.query),
        app.config.timezone,
      ),
  );
};
