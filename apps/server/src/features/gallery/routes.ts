import {
  ADMIN_ERRORS,
  errorsFor,
  galleryPhotoSchema,
  galleryQuery,
  galleryUploadInput,
  idParams,
  messageResponse,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { paging, sendList } from '../../lib/paging';
import { requireAdmin } from '../auth/guard';
import { galleryStore } from './store';

/** Gallery: GET /api/gallery; POST /api/gallery/upload, DELETE (admin). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = galleryStore(app.database.db);

  // Newest first; the browser shuffles each load (spec §4), so the order here only makes paging stable.
  app.get(
    '/api/gallery',
    {
      schema: {
        querystring: galleryQuery,
        response: { 200: z.array(galleryPhotoSchema), ...errorsFor(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await store.list({
        category: request.query.category,
        page: paging(request.query),
      });
      return sendList(reply, items, total);
    },
  );

  app.post(
    '/api/gallery/upload',
    {
      onRequest: requireAdmin,
      schema: {
        body: galleryUploadInput,
        response: { 201: galleryPhotoSchema, ...errorsFor(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => reply.status(201).send(await store.create(request.body)),
  );

  app.delete(
    '/api/gallery/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParams, response: { 200: messageResponse, ...errorsFor(...ADMIN_ERRORS, 404) } },
    },
    async (request) => {
      if (!(await store.remove(request.params.id))) throw notFound('There is no photo with that id.');
      return { message: 'Photo deleted successfully!' };
    },
  );
};
