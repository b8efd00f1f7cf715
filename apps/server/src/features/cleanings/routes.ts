import {
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  oneTimeCleaningSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiriesStore } from '../inquiries/store';
import { manageRoutes } from '../manage-routes';
import { newVisitDeps } from '../visits/new-visit-deps';
import { cleaningsService } from './service';
import { cleaningsStore } from './store';

/** One-time cleanings (admin). Date-times without an offset are wall time in the business time zone. */
export const cleaningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const cleanings = cleaningsService({
    store: cleaningsStore(db),
    inquiryExists: inquiriesStore(db).exists,
    timezone: app.config.timezone,
    ...newVisitDeps(app),
    storeOn: cleaningsStore,
  });
  manageRoutes(app, '/api/one_time_cleanings', oneTimeCleaningSchema, {
    list: [oneTimeCleaningQuery, cleanings.list],
    create: [oneTimeCleaningInput, cleanings.create],
    update: [oneTimeCleaningPatch, cleanings.update],
    remove: cleanings.remove,
    versioned: true,
  });
};
