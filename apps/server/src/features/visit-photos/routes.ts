import {
  visitKeyParams,
  visitPhotoFields,
  visitPhotoItemSchema,
  visitPhotoListSchema,
  visitPhotoParams,
  visitPhotoPatch,
  visitPhotoSchema,
} from '@clean/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admin } from '../../lib/admin-routes';
import { currentUser } from '../../lib/guard';
import { member } from '../../lib/member-routes';
import { acceptPhotoUploads, photoUploads } from '../media/upload';
import type { KeepPhoto } from './service';

const privateImage = {
  description: 'The photo (JPEG), never cached (Cache-Control: no-store).',
  content: { 'image/jpeg': { schema: z.string() } },
};

/** A visit's private before/after photos: the cleaner's upload, the owner's list and keep, and the private address. */
export const visitPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const photos = app.services.visitPhotos;
  const uploads = photoUploads(app.database.db, config.uploads);
  await acceptPhotoUploads(app, config.uploads);

  const upload = member({ params: visitKeyParams }, { 201: visitPhotoSchema }, 404);
  upload.schema = {
    ...upload.schema,
    description:
      '`multipart/form-data`: the photo in a part named `image` (the limits of POST /api/media) and a field `kind` ' +
      '(`before` or `after`). Kept privately for this visit of yours; answers its private address.',
  } as typeof upload.schema;
  app.post(
    '/api/my/visits/:key/photos',
    { ...upload, handlerTimeout: config.uploads.timeoutMs },
    async (request, reply) => {
      const user = currentUser(request);
      const receive = (keep: KeepPhoto) => uploads.receivePrivate(request, visitPhotoFields, keep);
      return reply.status(201).send(await photos.upload(user.id, request.params.key, receive));
    },
  );

  app.get(
    '/api/visits/:key/photos/:id',
    member(
      {
        params: visitPhotoParams,
        description: 'A visit photo, for the owner and the visit’s own cleaner only.',
      },
      { 200: privateImage },
      404,
    ),
    async (request, reply) =>
      sendPrivate(reply, await photos.file(currentUser(request), request.params.key, request.params.id)),
  );

  app.get(
    '/api/visits/:key/photos',
    admin(
      { params: visitKeyParams, description: 'The visit’s photos, oldest first.' },
      { 200: visitPhotoListSchema },
    ),
    async (request) => photos.list(request.params.key),
  );

  app.patch(
    '/api/visits/:key/photos/:id',
    admin(
      {
        params: visitPhotoParams,
        body: visitPhotoPatch,
        description: 'Keeps the photo past 90 days, or lets it go.',
      },
      { 200: visitPhotoItemSchema },
      404,
    ),
    async (request) => photos.setKeep(request.params.key, request.params.id, request.body.keep),
  );
};

/** A private photo: never stored by a browser or a proxy (docs/api.md#visit-photos). */
const sendPrivate = (reply: FastifyReply, photo: { contentType: string; bytes: Buffer }) =>
  reply.header('content-type', photo.contentType).header('cache-control', 'no-store').send(photo.bytes);
