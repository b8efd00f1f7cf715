import { demoContentStatusSchema, noContent } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin, sendNoContent } from '../../lib/admin-routes';
import { changesPublicContent } from '../../lib/public-cache';

/** Owner only: whether demo content is on the site (the hub's banner), and its removal in one tap. */
export const demoContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const demo = app.services.demoContent;

  app.get('/api/demo-content', admin({}, { 200: demoContentStatusSchema }), () => demo.status());

  app.delete(
    '/api/demo-content',
    { ...admin({}, { 204: noContent }, 404), ...changesPublicContent },
    (_request, reply) => sendNoContent(reply, demo.remove()),
  );
};
