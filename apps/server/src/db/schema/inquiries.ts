import { HEARD_FROM, type InquiryQuote } from '@clean/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const inquiryStatus = pgEnum('inquiry_status', [
  'New Inquiry',
  'Contacted',
  'Booked',
  'Paused',
  'Completed',
]);
export const callOrText = pgEnum('call_or_text', ['call', 'text']);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    callOrText: callOrText('call_or_text'),
    town: text('town'),
    description: text('description'),
    status: inquiryStatus('status').notNull().default('New Inquiry'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server's quote when the request came (inputs, amount, length, lines); null: none asked. */
    quote: jsonb('quote').$type<InquiryQuote>(),
    /** "How did you hear about us?" (HEARD_FROM); null: not said. */
    heardFrom: text('heard_from'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    referrer: text('referrer'),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
    /** The home's street (one line) and 5-digit ZIP; null on inquiries from before they were asked. */
    streetAddress: text('street_address'),
    zip: text('zip'),
    /** The owner's private notes on getting in (a key, a gate code); never on a public or customer page. */
    accessNotes: text('access_notes'),
  },
  (t) => [
    check(
      'inquiries_heard_from_known',
      sql.raw(`heard_from in (${HEARD_FROM.map((h) => `'${h}'`).join(', ')})`),
    ),
    index('inquiries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('inquiries_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('inquiries_status_idx').on(t.status, t.submittedAt),
    index('inquiries_submitted_idx').on(t.submittedAt),
  ],
);
