import { ADMIN_ERRORS, agendaQuery, cleaningDatesSummarySchema, errorsFor, toInstant } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { requireAdmin } from '../auth/guard';
import { agendaStore } from './store';

/**
 * GET /api/cleaning_dates_summary?from=&to= (admin): the calendar's events. Both ends are inclusive; a value
 * without an offset is wall time in the business time zone.
 */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = agendaStore(app.database.db);

  app.get(
    '/api/cleaning_dates_summary',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: agendaQuery,
        response: { 200: cleaningDatesSummarySchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const at = (value: string | undefined) =>
        value === undefined ? undefined : toInstant(value, app.config.timezone);
      const from = at(request.query.from);
      const to = at(request.query.to);
      if (from && to && from > to) throw badRequest('query from must not be after to.');
      return store.summary({ from, to });
    },
  );
};
