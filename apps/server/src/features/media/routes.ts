import { errorsFor, mediaParams, uploadedPhotoSchema } from '@clean/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone } from '../../lib/access';
import { admin } from '../../lib/admin-routes';
import { NotFoundError } from '../../lib/errors';
import { type MediaService, mediaOn } from './service';
import { acceptPhotoUploads, photoUploads } from './upload';

/** A year, the most HTTP caches honour: an address's bytes never change (it is their hash), so never ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const imageResponse = {
  description: 'The image bytes (AVIF, WebP or JPEG), cacheable for ever.',
  content: { 'image/*': { schema: z.string() } },
};

const notModifiedResponse = z
  .void()
  .meta({ description: 'The copy the client has (If-None-Match) is current; no body.' });

/**
 * Uploaded photos: POST /api/media (admin) takes a photo for a package or a review and answers its link;
 * GET /media/{id}-{width}.{ext} (and /media/{hash}.{ext}) serves an encoding. (The gallery takes photos at POST /api/gallery/upload.)
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = mediaOn(app.database.db);
  const uploads = photoUploads(app.database.db, app.config.uploads);
  await acceptPhotoUploads(app, app.config.uploads);

  const uploadRoute = admin({}, { 201: uploadedPhotoSchema });
  uploadRoute.schema = {
    ...uploadRoute.schema,
    description:
      '`multipart/form-data` with the photo file in a part named `image` (JPEG, PNG, WebP or AVIF, at most 15 MB ' +
      'and 50 megapixels), for a package or a review: answers its link and encodings (see /api/gallery/upload).',
  } as typeof uploadRoute.schema;
  app.post(
    '/api/media',
    {
      ...uploadRoute,
      handlerTimeout: app.config.uploads.timeoutMs,
    },
    async (request, reply) => {
      const { photo } = await uploads.receive(request, z.object({}));
      return reply.status(201).send(photo);
    },
  );

  app.get(
    '/media/:file',
    {
      config: anyone,
      schema: {
        params: mediaParams,
        response: { 200: imageResponse, 304: notModifiedResponse, ...errorsFor(400, 404) },
      },
    },
    (request, reply) => serveImage(media, request.params.file, request.headers['if-none-match'], reply),
  );
};

/**
 * Sends one encoding, cacheable for ever (an address never serves other bytes: see mediaStore.save) under its ETag,
 * the SHA-256 of its bytes. A client revalidating by a name that is that hash gets its 304 without a database read.
 */
async function serveImage(
  media: MediaService,
  file: string,
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
) {
  const named = /^([0-9a-f]{64})\./.exec(file)?.[1];
  if (named && ifNoneMatch === `"${named}"`) return notModified(reply, ifNoneMatch);
  const image = await media.file(file);
  if (!image) throw new NotFoundError('There is no such image.');
  const etag = `"${image.hash}"`;
  if (ifNoneMatch === etag) return notModified(reply, etag);
  // A Buffer is sent as it is, never serialized.
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .send(image.bytes);
}

const notModified = (reply: FastifyReply, etag: string) =>
  reply.status(304).header('cache-control', IMMUTABLE).header('etag', etag).send();
