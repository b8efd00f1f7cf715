import { PHOTO_FIELD, type UploadedPhoto } from '@clean/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import type { ProcessedPhoto } from './process';
import { mediaOn } from './service';

/** Lets the routes of the calling plugin take multipart/form-data (one photo, a few short fields). */
export async function acceptPhotoUploads(app: FastifyInstance, limits: Config['uploads']) {
  await app.register(multipart, {
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 11 },
  });
}

/**
 * process.ts, with sharp and libvips (20 MB resident once loaded), is loaded by the first upload rather than at
 * start: a server may run for weeks without taking one.
 */
const processor = () => import('./process');

const MULTIPART_ERRORS: Record<string, (limits: Config['uploads']) => Error> = {
  FST_REQ_FILE_TOO_LARGE: (l) =>
    new PayloadTooLargeError(`The photo is too large: at most ${l.maxBytes / 1024 / 1024} MB are taken.`),
  FST_FILES_LIMIT: () => new ValidationError('Send one photo at a time.'),
  FST_PARTS_LIMIT: () => new ValidationError('The form has too many fields.'),
  FST_FIELDS_LIMIT: () => new ValidationError('The form has too many fields.'),
};

/**
 * Photo uploads: the photo read from the request, processed (process.ts) and kept (service.ts). At most
 * `concurrency` uploads are read and processed at once, the rest waiting their turn with their bodies unread:
 * the memory used stays that of `concurrency` photos however many arrive together.
 */
export function photoUploads(db: Db, limits: Config['uploads']) {
  const media = mediaOn(db);
  const turn = pLimit(limits.concurrency);

  /** Reads the fields and the photo (part `image`), checks the fields (a 400 before any work), then processes it. */
  function receivePhoto<S extends z.ZodType, T>(
    request: FastifyRequest,
    fields: S,
    types: readonly string[] | undefined,
    handle: (processed: ProcessedPhoto, fields: z.output<S>) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) {
      return Promise.reject(
        new UnsupportedMediaTypeError('Send the photo as multipart/form-data, in a field named image.'),
      );
    }
    return turn(async () => {
      const values: Record<string, string> = {};
      let file: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== PHOTO_FIELD) {
              throw new ValidationError(`Send the photo in a field named ${PHOTO_FIELD}.`);
            }
            file = await part.toBuffer();
          } else {
            values[part.fieldname] = String(part.value);
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        const mapped = code ? MULTIPART_ERRORS[code] : undefined;
        throw mapped ? mapped(limits) : err;
      }
      const checked = fields.safeParse(values);
      if (!checked.success) throw new ValidationError(checked.error.issues[0]?.message ?? 'Invalid form.');
      if (!file || file.length === 0) throw new ValidationError('Choose a photo to upload.');
      const { processPhoto } = await processor();
      const processed = await processPhoto(file, limits.maxPixels, types);
      return handle(processed, checked.data);
    });
  }

  return {
    /**
     * Reads a multipart request's fields and its photo (part `image`), checks the fields with `fields` (a 400
     * before any work on the photo), then processes and stores the photo.
     */
    receive<S extends z.ZodType>(
      request: FastifyRequest,
      fields: S,
    ): Promise<{ fields: z.output<S>; photo: UploadedPhoto }> {
      return receivePhoto(request, fields, undefined, async (processed, checked) => ({
        fields: checked,
        photo: await media.keep(processed),
      }));
    },

    /**
     * The same reading and checks, the photo processed to JPEG only and handed to `keep` rather than stored as a
     * public photo (a visit's private photos, features/visit-photos).
     */
    receivePrivate<S extends z.ZodType, T>(
      request: FastifyRequest,
      fields: S,
      keep: (processed: ProcessedPhoto, fields: z.output<S>) => Promise<T>,
    ): Promise<T> {
      return receivePhoto(request, fields, ['image/jpeg'], keep);
    },
  };
}
