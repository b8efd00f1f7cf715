import { z } from 'zod';
import { id, optionalLine, optionalText, pageQuery, requiredText, searchText } from '../common/fields';
import { isoInstant } from '../common/responses';
import { INQUIRY_STATUSES, PHONE_MAX_DIGITS, TOWNS } from '../constants';
import { requestedStart } from '../pricing/schemas';
import { OTHER_TOWN } from './plain';

/**
 * A US phone number, one rule for the public form and the admin edit: exactly 10 digits once the usual
 * formatting (spaces, parentheses, dashes, dots) is taken out; stored as digits (spec §5). Anything else is
 * refused, not quietly dropped ("call me" is not a phone number). '', null and missing mean none.
 */
export const phoneNumber = z
  .string({ error: 'Phone number must be text.' })
  .trim()
  .refine(
    (v) => v === '' || (/^[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length === PHONE_MAX_DIGITS),
    `Phone number must have ${PHONE_MAX_DIGITS} digits.`,
  )
  .transform((v) => v.replace(/\D/g, ''))
  .nullish()
  .transform((v) => (v ? v : null));

export const callOrText = z.enum(['call', 'text'], { error: 'call_or_text must be "call" or "text".' });
export const inquiryStatus = z.enum(INQUIRY_STATUSES, {
  error: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}.`,
});

const email = z
  .string({ error: 'Email must be text.' })
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email must be a valid e-mail address.');

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
    /** One of the open times GET /api/slots offered: the request holds it (409 when it was just taken). */
    requested_start: requestedStart,
  })
  .refine((v) => v.email || v.phone_number, {
    message: 'Give an email or a phone number so we can reach you.',
    path: ['email'],
  });
export type BookingRequestInput = z.input<typeof bookingRequestInput>;

/**
 * POST /api/inquiries with the admin's token: a lead the owner took by phone. Only the name is required; any
 * status; a phone number, when given, has 10 digits.
 */
export const adminInquiryInput = z
  .object({
    name: requiredText('Name', 100),
    email: email.nullish().transform((v) => (v ? v : null)),
    phone_number: phoneNumber,
    call_or_text: callOrText.default('call'),
    town: optionalLine('Town', 100),
    description: optionalText('Description', 2000),
    status: inquiryStatus.default('New Inquiry'),
  })
  .refine((v) => !v.phone_number || v.phone_number.length === 10, {
    message: 'Phone number must have 10 digits.',
    path: ['phone_number'],
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
      },
    ],
  });
export type Inquiry = z.infer<typeof inquirySchema>;
