import { errorsFor, type PaidSummary, paidSummarySchema } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../lib/guard';
import { summaryStore } from './store';

/** GET /api/total_paid_cleanings_summary (admin): revenue in the business time zone's months and years. */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = summaryStore(app.database.db);

  app.get(
    '/api/total_paid_cleanings_summary',
    { onRequest: requireAdmin, schema: { response: { 200: paidSummarySchema, ...errorsFor(401, 403) } } },
    async (): Promise<PaidSummary> => store.summary(app.config.timezone, new Date()),
  );
};
