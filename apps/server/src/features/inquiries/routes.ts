import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Inquiries administration: list, edit, status, delete (admin). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (_app) => {};
