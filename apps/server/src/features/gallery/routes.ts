import {
  errorsFor,
  galleryPhotoSchema,
  galleryQuery,
  galleryUploadFields,
  galleryUploadInput,
} from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone } from '../../lib/access';
import { admin, adminDeleteWithMessage } from '../../lib/admin-routes';
import { NotFoundError } from '../../lib/errors';
import { listHeaders, paging } from '../../lib/paging';
import { changesPublicContent } from '../../lib/public-cache';
import { acceptPhotoUploads, photoUploads } from '../media/upload';
import { galleryStore } from './store';

const UPLOAD_DESCRIPTION =
  'JSON with `image_url` (a link), or `multipart/form-data` with the photo file in a part named `image` (JPEG, ' +
  'PNG, WebP or AVIF, at most 15 MB and 50 megapixels) beside `caption`, `category` and `photo_type`: the photo ' +
  'is stored without its metadata in AVIF, WebP and JPEG at 320, 640 and 1280 px, and `image_url` names its ' +
  'largest JPEG. 413: the photo is too large; 415: it is not one of those types.';

/** Gallery: GET /api/gallery; POST /api/gallery/upload, DELETE (admin). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = galleryStore(app.database.db);
  const uploads = photoUploads(app.database.db, app.config.uploads);
  await acceptPhotoUploads(app, app.config.uploads);

  // Newest first (as older clients expect), or with ?seed= in that visit's shuffle (shuffled on each load:
  // docs/product.md#gallery), paged by the database so the gallery page asks for the 12 photos it shows.
  app.get(
    '/api/gallery',
    {
      config: anyone,
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

  const uploadRoute = admin({ body: galleryUploadInput }, { 201: galleryPhotoSchema });
  uploadRoute.schema = {
    ...uploadRoute.schema,
    description: UPLOAD_DESCRIPTION,
  } as typeof uploadRoute.schema;
  // JSON with a link (the original way), or multipart/form-data with the photo itself: its fields are checked, the
  // photo processed and stored before validation, and the body becomes the JSON form with the photo's own link.
  app.post(
    '/api/gallery/upload',
    {
      ...uploadRoute,
      ...changesPublicContent,
      handlerTimeout: app.config.uploads.timeoutMs,
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const { fields, photo } = await uploads.receive(request, galleryUploadFields);
        request.body = { ...fields, image_url: photo.image_url };
      },
    },
    async (request, reply) => reply.status(201).send(await store.create(request.body)),
  );

  app.delete('/api/gallery/:id', { ...adminDeleteWithMessage, ...changesPublicContent }, async (request) => {
    if (!(await store.remove(request.params.id))) throw new NotFoundError('There is no photo with that id.');
    return { message: 'Photo deleted successfully!' };
  });
};
