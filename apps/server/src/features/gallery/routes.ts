import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Gallery: GET /api/gallery; POST /api/gallery/upload, DELETE (admin). */
export const galleryRoutes: FastifyPluginAsyncZod = async (_app) => {};
