import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Old records and their cleanup (admin). */
export const cleanupRoutes: FastifyPluginAsyncZod = async (_app) => {};
