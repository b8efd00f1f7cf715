import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Calendar summary (admin). */
export const agendaRoutes: FastifyPluginAsyncZod = async (_app) => {};
