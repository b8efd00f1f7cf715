import { z } from 'zod';
import { dateInput, inYears, yearsMessage } from '../common/date-time-input';
import { durationMinutes } from '../common/duration';
import { requiredText } from '../common/fields';
import { money } from '../common/money';
import { HEARD_FROM, MAX_EXTRAS, MAX_ROOMS, QUOTE_FREQUENCIES } from './quote';

export * from './quote';

/**
 * The owner's price table and the instant quote (docs/product.md#prices-and-the-quote). One document, read by anyone
 * (GET /api/pricing) and replaced by the owner (PUT /api/pricing); the quote is one pure function that the
 * browser runs on every change and the server runs again on every booking (it never trusts the browser's number).
 */

export const quoteFrequency = z.enum(QUOTE_FREQUENCIES, {
  error: `frequency must be one of: ${QUOTE_FREQUENCIES.join(', ')}.`,
});
/** Extra minutes a line adds: whole minutes, 0 to 12 hours. */
const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of minutes.` })
    .int(`${label} must be a whole number of minutes.`)
    .min(0, `${label} cannot be negative.`)
    .max(720, `${label} must be at most 720 minutes.`);

/** A discount in percent, 0–90, at most 2 decimals. */
const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number of percent.` })
    .min(0, `${label} cannot be negative.`)
    .max(90, `${label} must be at most 90%.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals.`);

const rate = (label: string) =>
  z.strictObject({ amount: money(`${label} amount`), minutes: minutes(`${label} minutes`) });

/** An extra's key: a short slug, as it travels in a query string (`extras=fridge`). */
export const extraKey = z
  .string({ error: 'Extra key must be text.' })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Extra key must be a short slug like inside-fridge (a–z, 0–9, -).');

/** GET /api/pricing (public) answers it; PUT /api/pricing (admin) takes it whole. */
export const pricingSchema = z.strictObject({
  /** The base length of each package; its base price is the package's own `amount` (1 bedroom, 1 bathroom). */
  packages: z
    .array(
      z.strictObject({
        package_id: z.number({ error: 'package_id must be a number.' }).int().positive(),
        base_minutes: minutes('Base minutes').min(15, 'Base minutes must be at least 15.'),
      }),
    )
    .max(100, 'At most 100 packages.')
    .refine((list) => new Set(list.map((p) => p.package_id)).size === list.length, 'Each package only once.'),
  per_bedroom: rate('Per bedroom'),
  per_bathroom: rate('Per bathroom'),
  extras: z
    .array(
      z.strictObject({
        key: extraKey,
        name: requiredText('Extra name', 60),
        amount: money('Extra amount'),
        minutes: minutes('Extra minutes'),
      }),
    )
    .max(MAX_EXTRAS, `At most ${MAX_EXTRAS} extras.`)
    .refine((list) => new Set(list.map((e) => e.key)).size === list.length, 'Extra keys must be unique.'),
  frequency_discounts: z.strictObject({
    one_time: percent('One-time discount'),
    weekly: percent('Weekly discount'),
    every_2_weeks: percent('Every-2-weeks discount'),
    every_4_weeks: percent('Every-4-weeks discount'),
  }),
  minimum: money('Minimum'),
});
export type Pricing = z.infer<typeof pricingSchema>;

/**
 * The table as the API answers it (GET and PUT /api/pricing): pricingSchema's output, without its input rules
 * (money's transforms cannot be run backwards when an answer is serialized).
 */
const rateOut = z.object({ amount: z.number(), minutes: z.number().int() });
export const pricingResponseSchema = z
  .object({
    packages: z.array(z.object({ package_id: z.number().int(), base_minutes: z.number().int() })),
    per_bedroom: rateOut,
    per_bathroom: rateOut,
    extras: z.array(
      z.object({ key: z.string(), name: z.string(), amount: z.number(), minutes: z.number().int() }),
    ),
    frequency_discounts: z.object({
      one_time: z.number(),
      weekly: z.number(),
      every_2_weeks: z.number(),
      every_4_weeks: z.number(),
    }),
    minimum: z.number(),
  })
  .meta({
    examples: [
      {
        packages: [{ package_id: 1, base_minutes: 120 }],
        per_bedroom: { amount: 20, minutes: 30 },
        per_bathroom: { amount: 15, minutes: 20 },
        extras: [{ key: 'inside-fridge', name: 'Inside the fridge', amount: 30, minutes: 30 }],
        frequency_discounts: { one_time: 0, weekly: 15, every_2_weeks: 10, every_4_weeks: 5 },
        minimum: 90,
      },
    ],
  });
export type PricingInput = z.input<typeof pricingSchema>;

/** The tax every price a visitor sees carries (from the billing settings). */
export const publicTaxSchema = z.object({
  tax_rate_percent: z.number(),
  tax_label: z.string(),
  prices_include_tax: z.boolean(),
});
/** GET /api/pricing: the table and the tax, so the booking form computes the same estimate the server does. */
export const publicPricingSchema = pricingResponseSchema.extend({ tax: publicTaxSchema });
export type PublicPricing = Pricing & { tax: z.infer<typeof publicTaxSchema> };

const rooms = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_ROOMS, `${label} must be at most ${MAX_ROOMS}.`);

/**
 * What the visitor chose: the quote's inputs. Used by GET /api/quote (query: `extras` repeated) and inside
 * POST /api/inquiries (`quote`), so numbers may arrive as strings.
 */
export const quoteInput = z.object({
  package_id: z.coerce
    .number({ error: 'package_id must be a number.' })
    .int('package_id must be a number.')
    .positive(),
  bedrooms: rooms('Bedrooms'),
  bathrooms: rooms('Bathrooms'),
  extras: z
    .union([extraKey, z.array(extraKey)])
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])])
    .refine((v) => v.length <= MAX_EXTRAS, `At most ${MAX_EXTRAS} extras.`),
  frequency: quoteFrequency.default('one_time'),
});
export type QuoteInput = z.output<typeof quoteInput>;

/** One line of the estimate, as the form and the mail show it. Amounts are dollars; a discount is negative. */
export const quoteLineSchema = z.object({ label: z.string(), amount: z.number(), minutes: z.number().int() });
/** GET /api/quote answers it; an inquiry keeps it with its inputs. */
export const quoteSchema = z.object({
  amount: z.number(),
  duration_minutes: z.number().int(),
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
/** GET /api/quote: the estimate, its tax and the total (docs/product.md#getting-paid). */
export const taxedQuoteSchema = quoteSchema.extend({
  ...publicTaxSchema.shape,
  tax: z.number(),
  total: z.number(),
});

/** GET /api/slots (public): open start times from a business date, up to 21 days, for a visit of this length. */
export const SLOTS_MAX_DAYS = 21;
/**
 * How far ahead the booking form and the customer's link offer times: GET /api/slots answers none from this many
 * days after today (the business zone's), and a booking or a customer's move past it is refused (409).
 */
export const BOOKING_HORIZON_DAYS = 365;
/** A recurring request's time must be free on this many of its next occurrences. */
export const SLOTS_RECURRING_CHECK = 12;
export const slotsQuery = z.object({
  from: dateInput('from'),
  duration_minutes: z.coerce
    .number({ error: 'duration_minutes must be a whole number of minutes.' })
    .pipe(durationMinutes()),
  frequency: quoteFrequency.default('one_time'),
});
export type SlotsQuery = z.infer<typeof slotsQuery>;
/** Start instants, ISO 8601 with the business time zone's offset (2027-03-02T09:00:00-05:00). */
export const slotListSchema = z.array(z.string());

const REQUESTED_START_MESSAGE =
  'requested_start must be one of the offered times, like 2027-03-02T09:00:00-05:00.';
/**
 * The open time a booking request asks for, as GET /api/slots gave it (an instant with its offset). '' or absent:
 * none ("None of these — please contact me"). The server holds it only if it is still open for the visit's length.
 */
export const requestedStart = z
  .string({ error: REQUESTED_START_MESSAGE })
  .trim()
  .max(40, REQUESTED_START_MESSAGE)
  .refine(
    (v) =>
      v === '' ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v))),
    REQUESTED_START_MESSAGE,
  )
  .refine((v) => v === '' || inYears(v), yearsMessage('requested_start'))
  .optional()
  .transform((v) => (v ? v : undefined));

export const heardFrom = z.enum(HEARD_FROM, {
  error: `heard_from must be one of: ${HEARD_FROM.join(', ')}.`,
});
