import {
  oneTimeCleaningInput,
  oneTimeCleaningPatch,
  oneTimeCleaningQuery,
  oneTimeCleaningSchema,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageRoutes } from '../manage-routes';

/** One-time cleanings (admin). Date-times without an offset are wall time in the business time zone. */
export const cleaningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cleanings } = app.services;
  manageRoutes(app, '/api/one_time_cleanings', oneTimeCleaningSchema, {
    list: [oneTimeCleaningQuery, cleanings.list],
    create: [oneTimeCleaningInput, cleanings.create],
    update: [oneTimeCleaningPatch, cleanings.update],
    remove: cleanings.remove,
    versioned: true,
  });
};
