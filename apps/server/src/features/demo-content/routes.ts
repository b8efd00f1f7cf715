import { demoContentStatusSchema, noContent } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admin, sendNoContent } from '../../lib/admin-routes';
import { changesPublicContent } from '../../lib/public-cache';
import { mediaPhotos } from '../media/service';
import { demoContentService } from './service';
import { demoContentStore } from './store';

/** Owner only: whether demo content is on the site (the hub's banner), and its removal in one tap. */
export const demoContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const demo = demoContentService({
    store: demoContentStore(app.database.db),
    media: mediaPhotos(app.database.db),
  });

  app.get('/api/demo-content', admin({}, { 200: demoContentStatusSchema }), () => demo.status());

  app.delete(
    '/api/demo-content',
    { ...admin({}, { 204: noContent }, 404), ...changesPublicContent },
    (_request, reply) => sendNoContent(reply, demo.remove()),
  );
};
