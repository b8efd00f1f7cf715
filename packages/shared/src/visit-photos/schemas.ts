import { z } from 'zod';
import { idParam } from '../common/fields';
import { isoInstant } from '../common/responses';
import { visitKey } from '../common/visit-key';

/** How long a visit's photo is kept unless the owner keeps it (the cleanup removes it after). */
export const VISIT_PHOTO_DAYS = 90;

export const VISIT_PHOTO_KINDS = ['before', 'after'] as const;

/** POST /api/my/visits/{key}/photos: the form's field beside the `image` part. */
export const visitPhotoFields = z.object({
  kind: z.enum(VISIT_PHOTO_KINDS, { error: 'kind must be before or after.' }),
});

export const visitPhotoParams = z.object({ key: visitKey, id: idParam() });

/** A private photo: `url` is its address for the owner and the assigned cleaner (never under /media). */
export const visitPhotoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_PHOTO_KINDS),
  url: z.string(),
});
export type VisitPhoto = z.infer<typeof visitPhotoSchema>;

/** The owner's list of a visit's photos. */
export const visitPhotoItemSchema = visitPhotoSchema.extend({
  keep: z.boolean(),
  user_id: z.number().int().nullable(),
  created_at: isoInstant,
});
export type VisitPhotoItem = z.infer<typeof visitPhotoItemSchema>;
export const visitPhotoListSchema = z.array(visitPhotoItemSchema);

/** PATCH /api/visits/{key}/photos/{id} (owner): keep it past VISIT_PHOTO_DAYS, or let the cleanup take it. */
export const visitPhotoPatch = z
  .object({ keep: z.boolean({ error: 'keep must be true or false.' }) })
  .strict();
