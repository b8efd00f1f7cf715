import { z } from 'zod';
import { visitChecklistItemSchema } from '../checklists/schemas';
import { dateInput } from '../common/date-time-input';
import { idParam } from '../common/fields';
import { isoInstant } from '../common/responses';
import { versionField } from '../common/versions';
import { VISIT_STATUSES } from '../visits/schemas';

/**
 * A team member's own visits (`/api/my/visits`): what the one who cleans needs and nothing else of the customer —
 * no e-mail, no prices, the access notes only around the visit.
 */

/** GET /api/my/visits?from=YYYY-MM-DD&to=YYYY-MM-DD: both business dates included, at most VISITS_MAX_DAYS. */
export const myVisitsQuery = z.object({ from: dateInput('from'), to: dateInput('to') });
export type MyVisitsQuery = z.infer<typeof myVisitsQuery>;

export const myVisitSchema = z.object({
  key: z.string(),
  start: isoInstant,
  end: isoInstant,
  /** "Maria G.": the customer's first name and last initial. */
  first_name_last_initial: z.string(),
  /** The home's street, town and ZIP (formatAddress); null without a street. */
  address: z.string().nullable(),
  /** A map search for the address (null without one). */
  map_url: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** The package of the request's quote (its title), and the extras it asked for. */
  package: z.string().nullable(),
  extras: z.array(z.string()),
  /** The owner's notes on getting in: from the business day before the visit until it ends, else null. */
  access_notes: z.string().nullable(),
  checklist: z.array(visitChecklistItemSchema),
  status: z.enum(VISIT_STATUSES),
  version: versionField.optional(),
});
export type MyVisit = z.infer<typeof myVisitSchema>;
export const myVisitListSchema = z.array(myVisitSchema);

/** A visit's key in a path: `o{cleaning id}` or `r{schedule id}-{yyyymmddThhmmssZ}`. */
export const myVisitParams = z.object({
  key: z.string().max(60, 'A visit key is at most 60 characters.'),
});
/** PATCH /api/my/visits/{key}/checklist/{item_id}. */
export const myChecklistItemParams = myVisitParams.extend({ item_id: idParam('item_id') });

/** PATCH /api/my/visits/{key}: the assigned cleaner marks it done (409 while a required item is open). */
export const myVisitPatch = z.object({
  status: z.literal('done', { error: 'status must be done.' }),
});
export type MyVisitPatch = z.infer<typeof myVisitPatch>;
