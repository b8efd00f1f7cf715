import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/inquiries: the public booking request form. */
export const bookingRoutes: FastifyPluginAsyncZod = async (_app) => {};
