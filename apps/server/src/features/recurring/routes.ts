import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Recurring payment schedules and paid records (admin). */
export const recurringRoutes: FastifyPluginAsyncZod = async (_app) => {};
