import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** One-time cleanings (admin). */
export const cleaningsRoutes: FastifyPluginAsyncZod = async (_app) => {};
