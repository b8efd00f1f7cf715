import {
  ADMIN_ERRORS,
  type CleanupResult,
  cleanupResultSchema,
  csvResponse,
  errorsFor,
  oldRecordSchema,
  pageQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Cell, cellText, sendCsv } from '../../lib/csv';
import { conflict } from '../../lib/errors';
import { paging, sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { isForeignKeyViolation } from '../inquiries/store';
import { cleanupStore, oldRecordCutoff } from './store';

/** Old records (older than 90 days) and their cleanup (admin). */
export const cleanupRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = cleanupStore(app.database.db);

  // `?page=1&limit=1` gives just the count (X-Total-Count) for the Manage tab's heading colour and banner.
  app.get(
    '/api/old_records',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: pageQuery,
        response: { 200: z.array(oldRecordSchema), ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { items, total } = await store.list(oldRecordCutoff(), paging(request.query));
      return sendList(reply, items, total);
    },
  );

  // Exactly what the cleanup below would delete now (the same rules), to keep before deleting.
  app.get(
    '/api/old_records.csv',
    { onRequest: requireAdmin, schema: { response: csvResponse } },
    async (_request, reply) => {
      const cutoff = oldRecordCutoff();
      const zone = app.config.timezone;
      const dates = (joined: string | undefined) =>
        joined
          ? joined
              .split(', ')
              .map((iso) => cellText(new Date(iso), zone))
              .join('; ')
          : '';
      async function* rows(): AsyncGenerator<Cell[]> {
        const limit = 5000;
        for (let offset = 0; ; offset += limit) {
          const { items } = await store.list(cutoff, { limit, offset });
          for (const r of items)
            yield [r.type, r.id, r.name, new Date(r.submitted_at), dates(r.dates_related)];
          if (items.length < limit) return;
        }
      }
      const header = ['type', 'id', 'name', 'date', 'dates_related'];
      return sendCsv(reply, 'old_records.csv', header, rows(), zone);
    },
  );

  app.delete(
    '/api/cleanup_old_records',
    {
      onRequest: requireAdmin,
      schema: { response: { 200: cleanupResultSchema, ...errorsFor(401, 403, 409) } },
    },
    async (): Promise<CleanupResult> => {
      let deleted: number;
      try {
        deleted = await store.deleteOld(oldRecordCutoff());
      } catch (err) {
        // A record was attached to an old inquiry at the same moment: nothing was deleted.
        if (isForeignKeyViolation(err))
          throw conflict('Records changed while cleaning up. Please try again.');
        throw err;
      }
      if (deleted === 0) return { message: 'No records to delete.', deleted: 0 };
      return { message: `Deleted ${deleted} old records.`, deleted };
    },
  );
};
