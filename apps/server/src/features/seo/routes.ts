import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** robots.txt and sitemap.xml. */
export const seoRoutes: FastifyPluginAsyncZod = async (_app) => {};
