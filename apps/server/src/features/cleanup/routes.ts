import {
  cleanupJobSchema,
  cleanupResultSchema,
  csvResponse,
  errorsFor,
  idParams,
  oldRecordSchema,
  pageQuery,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminList } from '../../lib/admin-routes';
import { EXPORT_TIMEOUT_MS, sendCsv } from '../../lib/csv';
import { requireAdmin } from '../../lib/guard';
import { sendList } from '../../lib/paging';
import { mediaOn } from '../media/service';
import { visitPhotosService } from '../visit-photos/service';
import { cleanupService, OLD_RECORDS_HEADER } from './service';
import { cleanupJobsStore, cleanupStore } from './store';

/** Old records (older than 90 days) and their cleanup (admin). */
export const cleanupRoutes: FastifyPluginAsyncZod = async (app) => {
  const cleanup = cleanupService({
    store: cleanupStore(app.database.db),
    jobs: cleanupJobsStore(app.database.db),
    timezone: app.config.timezone,
    log: app.log,
    waitMs: app.config.cleanupWaitMs,
    removeOrphanPhotos: (uploadedBefore) => mediaOn(app.database.db).removeOrphans(uploadedBefore),
    removeOldVisitPhotos: (takenBefore) =>
      visitPhotosService({ db: app.database.db, timezone: app.config.timezone }).removeOld(takenBefore),
  });

  // `?page=1&limit=1` gives just the count (X-Total-Count) for the Manage tab's heading colour and banner.
  app.get('/api/old_records', adminList(pageQuery, oldRecordSchema), async (request, reply) =>
    sendList(reply, await cleanup.list(request.query)),
  );

  // Exactly what the cleanup below would delete now (the same rules), to keep before deleting.
  app.get(
    '/api/old_records.csv',
    { onRequest: requireAdmin, handlerTimeout: EXPORT_TIMEOUT_MS, schema: { response: csvResponse } },
    async (_request, reply) =>
      sendCsv(reply, 'old_records.csv', OLD_RECORDS_HEADER, cleanup.csvRows(), app.config.timezone),
  );

  app.delete(
    '/api/cleanup_old_records',
    {
      onRequest: requireAdmin,
      schema: { response: { 200: cleanupResultSchema, 202: cleanupJobSchema, ...errorsFor(401, 403, 409) } },
    },
    async (_request, reply) => {
      const outcome = await cleanup.deleteOld();
      return 'done' in outcome ? outcome.done : reply.code(202).send(outcome.running);
    },
  );

  // A cleanup still running after DELETE's moment (202): the hub polls this until it is done.
  app.get(
    '/api/cleanup_old_records/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 200: cleanupJobSchema, ...errorsFor(400, 401, 403, 404) } },
    },
    async (request) => cleanup.job(request.params.id),
  );
};
