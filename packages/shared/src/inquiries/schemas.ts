import { z } from 'zod';
import { id, optionalLine, optionalText, pageQuery, requiredText, searchText } from '../common/fields';
import { US_PHONE_MESSAGE, usPhoneDigits } from '../common/phone';
import { isoInstant } from '../common/responses';
import { versionField } from '../common/versions';
import { INQUIRY_STATUSES, TOWNS } from '../constants';
import { HEARD_FROM, QUOTE_FREQUENCIES, quoteInput, quoteSchema, requestedStart } from '../pricing/schemas';
import { OTHER_TOWN } from './plain';

/**
 * A US phone number, one rule for the public form and the owner's forms: read as people type it
 * (`usPhoneDigits`) and stored as its 10 digits, the form rows always had. Anything that is not a US
 * number is refused, not quietly cut ("call me" is not a phone number). '', null and missing mean none.
 */
export const phoneNumber = z
  .string({ error: 'Phone number must be text.' })
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const digits = usPhoneDigits(v);
    if (digits) return digits;
    ctx.addIssue({ code: 'custom', message: `Phone number ${US_PHONE_MESSAGE}` });
    return z.NEVER;
  })
  .nullish()
  .transform((v) => v ?? null);

/** The home's street, one line (a pasted line break becomes a space). */
export const streetAddress = optionalLine('Street address', 200);
/** A 5-digit US ZIP code; '', null and missing mean none. */
export const zipCode = z
  .string({ error: 'ZIP must be text.' })
  .trim()
  .refine((v) => v === '' || /^\d{5}$/.test(v), 'ZIP must be 5 digits.')
  .nullish()
  .transform((v) => (v ? v : null));
/** The owner's notes on getting in (a key, a gate code): owner's requests only, never on public pages. */
export const accessNotes = optionalText('Access notes', 1000);
export const STREET_REQUIRED = 'Street address is required when you pick a time.';

export const callOrText = z.enum(['call', 'text'], { error: 'call_or_text must be "call" or "text".' });
export const inquiryStatus = z.enum(INQUIRY_STATUSES, {
  error: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}.`,
});

const email = z
  .string({ error: 'Email must be text.' })
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email must be a valid e-mail address.');

/**
 * Where the visit that led to a request came from: `utm_*` parameters and the referring site
 * (docs/product.md#where-leads-come-from).
 */
export const leadSourceInput = {
  /** "How did you hear about us?"; '' (the form's "choose…") means not said. */
  heard_from: z
    .enum(['', ...HEARD_FROM], { error: `heard_from must be one of: ${HEARD_FROM.join(', ')}.` })
    .nullish()
    .transform((v) => (v ? v : null)),
  utm_source: optionalLine('utm_source', 100),
  utm_medium: optionalLine('utm_medium', 100),
  utm_campaign: optionalLine('utm_campaign', 100),
  referrer: optionalLine('Referrer', 300),
};

/**
 * The quote's inputs in a booking request, or none (no package priced online, or the visitor skipped it). The
 * server prices them again from its own table; no amount is taken from the browser.
 */
export const bookingQuoteInput = quoteInput.nullish().transform((v) => v ?? null);

/** POST /api/inquiries (public): the booking request form on /contact. */
export const bookingRequestInput = z
  .object({
    name: requiredText('Name', 100),
    email: email.nullish().transform((v) => (v ? v : null)),
    phone_number: phoneNumber,
    call_or_text: callOrText.default('call'),
    town: z.enum([...TOWNS, OTHER_TOWN], { error: 'Town must be one of the listed towns or Other.' }),
    description: optionalText('Description', 2000),
    /** The package the visitor came from ("Book Now" on a package), kept at the head of the description. */
    package: optionalLine('Package', 100),
    quote: bookingQuoteInput,
    ...leadSourceInput,
    /** One of the open times GET /api/slots offered: the request holds it (409 when it was just taken). */
    requested_start: requestedStart,
    street_address: streetAddress,
    zip: zipCode,
  })
  .refine((v) => v.email || v.phone_number, {
    message: 'Give an email or a phone number so we can reach you.',
    path: ['email'],
  })
  // A visit needs the home; a request without a time is a question, which may come before the address.
  .refine((v) => !v.requested_start || v.street_address, {
    message: STREET_REQUIRED,
    path: ['street_address'],
  });
export type BookingRequestInput = z.input<typeof bookingRequestInput>;

/**
 * POST /api/inquiries with the admin's token: a lead the owner took by phone. Only the name is required; any
 * status.
 */
export const adminInquiryInput = z.object({
  name: requiredText('Name', 100),
  email: email.nullish().transform((v) => (v ? v : null)),
  phone_number: phoneNumber,
  call_or_text: callOrText.default('call'),
  town: optionalLine('Town', 100),
  description: optionalText('Description', 2000),
  status: inquiryStatus.default('New Inquiry'),
  street_address: streetAddress,
  zip: zipCode,
  access_notes: accessNotes,
});
export type AdminInquiryInput = z.input<typeof adminInquiryInput>;

/** PATCH /api/inquiries/{id} (admin): any subset; `{ status }` alone is the status dropdown. */
export const inquiryPatch = z
  .object({
    name: requiredText('Name', 100),
    email: email.nullish().transform((v) => (v ? v : null)),
    phone_number: phoneNumber,
    call_or_text: callOrText.nullish(),
    description: optionalText('Description', 2000),
    status: inquiryStatus,
    street_address: streetAddress,
    zip: zipCode,
    access_notes: accessNotes,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type InquiryPatch = z.input<typeof inquiryPatch>;

/**
 * GET /api/inquiries (admin): name and phone_number are case-insensitive "contains" (phone ignores formatting);
 * status matches exactly one of the five statuses ('' means any).
 */
export const inquiryQuery = pageQuery.extend({
  name: searchText,
  phone_number: searchText,
  status: searchText.pipe(inquiryStatus.optional()),
});

export const inquiryIdField = id('inquiry_id');

/**
 * The no-script booking form's flat fields as the JSON body: the quote's inputs travel as `package_id`,
 * `bedrooms`, `bathrooms`, `extras` (one checkbox each, so repeated) and `frequency`; an empty `package_id` means
 * no quote. Every other field keeps its first value.
 */
export const QUOTE_FORM_FIELDS = ['package_id', 'bedrooms', 'bathrooms', 'extras', 'frequency'] as const;
export function bookingBodyFromForm(fields: Record<string, string | string[] | undefined>) {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!(QUOTE_FORM_FIELDS as readonly string[]).includes(name)) body[name] = first(value);
  }
  const packageId = first(fields.package_id)?.trim();
  if (packageId) {
    const extras = fields.extras === undefined ? [] : [fields.extras].flat().filter((e) => e !== '');
    body.quote = {
      package_id: packageId,
      bedrooms: first(fields.bedrooms) || '1',
      bathrooms: first(fields.bathrooms) || '1',
      extras,
      frequency: first(fields.frequency) || 'one_time',
    };
  }
  return body;
}

/** A request's quote as the server priced it when it came: the visitor's inputs, the amount, length and lines. */
export const inquiryQuoteSchema = quoteSchema.extend({
  package_id: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  extras: z.array(z.string()),
  frequency: z.enum(QUOTE_FREQUENCIES),
});
export type InquiryQuote = z.infer<typeof inquiryQuoteSchema>;

export const inquirySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    call_or_text: z.enum(['call', 'text']).nullable(),
    town: z.string().nullable(),
    description: z.string().nullable(),
    status: z.enum(INQUIRY_STATUSES),
    submitted_at: isoInstant,
    /** The server's quote for the visitor's choices, or null (none asked, or a lead typed in by the owner). */
    quote: inquiryQuoteSchema.nullable(),
    heard_from: z.enum(HEARD_FROM).nullable(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    referrer: z.string().nullable(),
    version: versionField,
    street_address: z.string().nullable(),
    zip: z.string().nullable(),
    /** The owner's notes on getting in: only the owner's reads carry it (never a visitor's booking answer). */
    access_notes: z.string().nullable().optional(),
  })
  .meta({
    examples: [
      {
        id: 1,
        name: 'Dana Smith',
        email: 'dana@example.com',
        phone_number: '8605551234',
        call_or_text: 'text',
        town: 'Bristol',
        description: 'Move-out clean',
        status: 'New Inquiry',
        submitted_at: '2026-05-01T18:30:00.000Z',
        quote: {
          package_id: 1,
          bedrooms: 3,
          bathrooms: 2,
          extras: ['inside-fridge'],
          frequency: 'every_2_weeks',
          amount: 182.75,
          duration_minutes: 200,
          lines: [
            { label: 'Standard Clean', amount: 150, minutes: 120 },
            { label: '2 more bedrooms', amount: 40, minutes: 60 },
            { label: '1 more bathroom', amount: 15, minutes: 20 },
          ],
        },
        heard_from: 'nextdoor',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer: null,
        version: '0',
        street_address: '12 Oak St',
        zip: '06010',
        access_notes: 'Side door; code 1234',
      },
    ],
  });
export type Inquiry = z.infer<typeof inquirySchema>;
