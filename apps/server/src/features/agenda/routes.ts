import { ADMIN_ERRORS, agendaQuery, cleaningDatesSummarySchema, errorsFor } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/guard';

/**
 * GET /api/cleaning_dates_summary?from=&to= (admin): the calendar's events. Both ends are inclusive; a value
 * without an offset is wall time in the business time zone.
 */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { agenda } = app.services;

  app.get(
    '/api/cleaning_dates_summary',
    {
      onRequest: requireAdmin,
      schema: {
        response: { 200: cleaningDatesSummarySchema, ...errorsFor(...ADMIN_ERRORS) },
        querystring: agendaQuery,
      },
    },
    async (request) => agenda.summary(request.query),
  );
};
