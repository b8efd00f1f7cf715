import { z } from 'zod';
import { dateTimeInput } from '../common/date-time-input';
import { id, optionalText, pageQuery, searchText } from '../common/fields';
import { money } from '../common/money';
import { isoInstant } from '../common/responses';
import { versionField } from '../common/versions';
import { durationMinutes, notifyCustomer, visitConflictSchema } from '../visits/schemas';

/** POST /api/recurring_payments (admin): a payment schedule. PATCH takes any subset. */
export const recurringPaymentInput = z.object({
  inquiry_id: id('inquiry_id'),
  amount: money('Amount'),
  frequency: z
    .string({ error: 'Frequency must be text.' })
    .trim()
    .max(60, 'Frequency must be at most 60 characters.')
    .nullish()
    .transform((v) => v ?? ''),
  notes: optionalText('Notes', 2000),
  /** The first visit, a date-time in the business time zone; with a recognised frequency it puts visits on the calendar. */
  first_visit_at: dateTimeInput('first_visit_at').nullish(),
  /** Each visit's length; missing or null: the owner's default (working hours setting). */
  duration_minutes: durationMinutes().nullish(),
  /** Mail the customer a confirmation of the first visit (when the inquiry has an e-mail); false: none. */
  notify_customer: notifyCustomer,
});
export type RecurringPaymentInput = z.input<typeof recurringPaymentInput>;
export const recurringPaymentPatch = recurringPaymentInput
  .omit({ notify_customer: true })
  .extend({
    /**
     * Who cleans its visits by default (a team member's id; an occurrence may have its own), or null: nobody.
     * Refused (409) when one of its next visits overlaps another of that person's, unless allow_overlap.
     */
    cleaner_id: id('cleaner_id').nullable(),
    allow_overlap: z.boolean({ error: 'allow_overlap must be true or false.' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');

/** GET /api/recurring_payments?inquiry_name=&frequency=&notes= (each "contains", case-insensitive). */
export const recurringPaymentQuery = pageQuery.extend({
  inquiry_name: searchText,
  frequency: searchText,
  notes: searchText,
});

export const recurringPaymentSchema = z.object({
  id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  amount: z.number(),
  frequency: z.string(),
  notes: z.string().nullable(),
  first_visit_at: isoInstant.nullable().optional(),
  duration_minutes: z.number().int().nullable().optional(),
  /** Why the schedule puts no visits on the calendar (no first visit, frequency not recognised); null when it does. */
  visits_note: z.string().nullable().optional(),
  /** Who cleans its visits by default (null: nobody). */
  cleaner_id: z.number().int().nullable().optional(),
  version: versionField,
  /** On create and edit: visits its first occurrences overlap, or hours they fall outside (never refused for it). */
  conflicts: z.array(visitConflictSchema).optional(),
});
export type RecurringPayment = z.infer<typeof recurringPaymentSchema>;

/**
 * dates_related: the original joined string ("date, date") or an array of date-times. In an array, blank
 * entries (an empty date row in the form) are dropped; in the joined string every entry between commas must
 * be a date-time (" , , " is refused). A paid record has at least one date: '' and [] are refused.
 */
export const datesRelated = z
  .union([z.string(), z.array(z.string())], { error: 'dates_related must be a list of date-times.' })
  .transform((v) =>
    Array.isArray(v)
      ? v.map((s) => s.trim()).filter(Boolean)
      : v.trim() === ''
        ? []
        : v.split(',').map((s) => s.trim()),
  )
  .pipe(
    z
      .array(dateTimeInput('Each paid date'))
      .min(1, 'dates_related: give at least one paid date.')
      .max(60, 'At most 60 dates per record.'),
  );

/** POST /api/recurring_paid (admin): a paid record of a schedule. PATCH takes any subset. */
export const recurringPaidInput = z.object({
  recurring_payment_id: id('recurring_payment_id'),
  dates_related: datesRelated,
  amount_paid: money('Amount paid'),
  notes: optionalText('Notes', 2000),
});
export type RecurringPaidInput = z.input<typeof recurringPaidInput>;
export const recurringPaidPatch = recurringPaidInput
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');

/** GET /api/recurring_paid?name= (the schedule's inquiry name contains it). */
export const recurringPaidQuery = pageQuery.extend({ name: searchText });

export const recurringPaidSchema = z.object({
  id: z.number().int(),
  recurring_payment_id: z.number().int(),
  recurring_payment_name: z.string(),
  /** ISO instants joined by ", " as the original client expects. */
  dates_related: z.string().meta({ description: 'ISO instants joined by ", "' }),
  /** The same instants as a list. */
  dates: z.array(isoInstant),
  amount_paid: z.number(),
  notes: z.string().nullable(),
  submitted_at: isoInstant,
});
export type RecurringPaid = z.infer<typeof recurringPaidSchema>;
