import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Reviews: public list and pending submission; moderation (admin). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (_app) => {};
