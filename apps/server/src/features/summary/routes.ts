import { errorsFor, leadSourcesSchema, type PaidSummary, paidSummarySchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/guard';
import { summaryStore } from './store';

/**
 * GET /api/total_paid_cleanings_summary (admin): revenue in the business time zone's months and years; GET
 * /api/summary/lead_sources (admin): where the last 12 months' requests came from.
 */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = summaryStore(app.database.db);

  app.get(
    '/api/total_paid_cleanings_summary',
    { onRequest: requireAdmin, schema: { response: { 200: paidSummarySchema, ...errorsFor(401, 403) } } },
    async (): Promise<PaidSummary> => store.summary(app.config.timezone, new Date()),
  );

  app.get(
    '/api/summary/lead_sources',
    {
      onRequest: requireAdmin,
      schema: {
        description:
          'Per lead source (heard_from, or unknown) over the revenue summary’s 12 months: requests, booked ' +
          '(status Booked or Completed, or a cleaning or schedule made for it) and the revenue they paid in the window.',
        response: { 200: leadSourcesSchema, ...errorsFor(401, 403) },
      },
    },
    async () => store.leadSources(app.config.timezone, new Date()),
  );
};
