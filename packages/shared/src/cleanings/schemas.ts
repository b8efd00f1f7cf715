import { z } from 'zod';
import { dateTimeInput } from '../common/date-time-input';
import { id, optionalText, pageQuery, searchText } from '../common/fields';
import { money } from '../common/money';
import { isoInstant } from '../common/responses';
import { versionField } from '../common/versions';
import { durationMinutes, notifyCustomer, visitConflictSchema } from '../visits/schemas';

/** POST /api/one_time_cleanings (admin). PATCH takes any subset of the same fields. */
export const oneTimeCleaningInput = z.object({
  inquiry_id: id('inquiry_id'),
  date_time: dateTimeInput('Date and time'),
  amount: money('Amount'),
  paid: z.boolean({ error: 'paid must be true or false.' }).default(false),
  notes: optionalText('Notes', 2000),
  /** The visit's length; missing or null: the owner's default (working hours setting). */
  duration_minutes: durationMinutes().nullish(),
  /** Mail the customer a confirmation (when the inquiry has an e-mail); false: book it silently. */
  notify_customer: notifyCustomer,
});
export type OneTimeCleaningInput = z.input<typeof oneTimeCleaningInput>;
export const oneTimeCleaningPatch = oneTimeCleaningInput
  .omit({ notify_customer: true })
  // No default in a patch: leaving `paid` out must leave it unchanged, not reset it to false.
  .extend({ paid: z.boolean({ error: 'paid must be true or false.' }) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');

/** GET /api/one_time_cleanings?search= : inquiry name or notes contain it, or the word "paid" for paid ones. */
export const oneTimeCleaningQuery = pageQuery.extend({ search: searchText });

export const oneTimeCleaningSchema = z.object({
  id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  date_time: isoInstant.nullable(),
  amount: z.number(),
  paid: z.boolean(),
  notes: z.string().nullable(),
  duration_minutes: z.number().int().nullable().optional(),
  version: versionField,
  /** On create and edit: the visits this one overlaps, or working hours it falls outside (never refused for it). */
  conflicts: z.array(visitConflictSchema).optional(),
});
export type OneTimeCleaning = z.infer<typeof oneTimeCleaningSchema>;
