import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Revenue summary (admin). */
export const summaryRoutes: FastifyPluginAsyncZod = async (_app) => {};
