import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Booking form switch: GET (public), PATCH (admin). */
export const contactStatusRoutes: FastifyPluginAsyncZod = async (_app) => {};
