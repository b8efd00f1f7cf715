import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Packages: GET /api/packages; POST, PUT, DELETE (admin). */
export const packagesRoutes: FastifyPluginAsyncZod = async (_app) => {};
