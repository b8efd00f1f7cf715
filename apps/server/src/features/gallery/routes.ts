import { errorsFor, galleryPhotoSchema, galleryQuery, galleryUploadInput } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCreate, adminDeleteWithMessage } from '../../lib/admin-routes';
import { NotFoundError } from '../../lib/errors';
import { listHeaders, paging } from '../../lib/paging';
import { changesPublicContent } from '../../lib/public-cache';
import { galleryStore } from './store';

/** Gallery: GET /api/gallery; POST /api/gallery/upload, DELETE (admin). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = galleryStore(app.database.db);

  // Newest first (as the spec's clients expect), or with ?seed= in that visit's shuffle (spec §4: shuffled on
  // each load), paged by the database so the gallery page asks for the 12 photos it shows.
  app.get(
    '/api/gallery',
    {
      schema: {
        response: { 200: z.array(galleryPhotoSchema), ...errorsFor(400) },
        querystring: galleryQuery,
      },
    },
    (request, reply) =>
      app.publicCache.json(request, reply, async () => {
        const { items, total } = await store.list({
          category: request.query.category,
          seed: request.query.seed,
          page: paging(request.query),
        });
        return { value: { body: items, headers: listHeaders(total) } };
      }),
  );

  app.post(
    '/api/gallery/upload',
    { ...adminCreate(galleryUploadInput, galleryPhotoSchema), ...changesPublicContent },
    async (request, reply) => reply.status(201).send(await store.create(request.body)),
  );

  app.delete('/api/gallery/:id', { ...adminDeleteWithMessage, ...changesPublicContent }, async (request) => {
    if (!(await store.remove(request.params.id))) throw new NotFoundError('There is no photo with that id.');
    return { message: 'Photo deleted successfully!' };
  });
};
