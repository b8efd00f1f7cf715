import { z } from 'zod';
import { dateTimeInput } from '../common/date-time-input';
import { isoInstant } from '../common/responses';

export const CONTACT_MESSAGE_MAX = 300;

/**
 * PATCH /api/contact-status (admin). While closing, optionally `reopens_at` (a future date-time; the form
 * opens again by itself then) and `message` for visitors. Opening clears both.
 */
export const contactStatusInput = z.object({
  is_open: z.boolean({ error: 'is_open must be true or false.' }),
  reopens_at: dateTimeInput('reopens_at')
    .nullish()
    .transform((v) => v || null),
  message: z
    .string({ error: 'message must be text.' })
    .trim()
    .max(CONTACT_MESSAGE_MAX, `message must be at most ${CONTACT_MESSAGE_MAX} characters.`)
    .nullish()
    .transform((v) => v || null),
});
export type ContactStatusInput = z.input<typeof contactStatusInput>;

/** GET /api/contact-status (public). `reopens_at` and `message` are set only while closed. */
export const contactStatusSchema = z
  .object({ is_open: z.boolean(), reopens_at: isoInstant.nullable(), message: z.string().nullable() })
  .meta({ examples: [{ is_open: true, reopens_at: null, message: null }] });
export type ContactStatus = z.infer<typeof contactStatusSchema>;
