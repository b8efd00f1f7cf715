import { z } from 'zod';
import { dateTimeInput } from '../common/date-time-input';
import { isoInstant, textBody } from '../common/responses';

/** GET /api/cleaning_dates_summary?from=&to= (admin): only events inside the range when given. */
export const agendaQuery = z.object({
  from: dateTimeInput('from').optional(),
  to: dateTimeInput('to').optional(),
});

/** How to reach the client from an agenda entry (tel:, sms: per their preference, mailto:). */
const contactFields = {
  email: z.string().nullable(),
  call_or_text: z.enum(['call', 'text']).nullable(),
  town: z.string().nullable(),
  street_address: z.string().nullable(),
  zip: z.string().nullable(),
  access_notes: z.string().nullable(),
};

export const agendaOneTimeSchema = z.object({
  cleaning_id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  date_time: isoInstant.nullable(),
  phone_number: z.string().nullable(),
  ...contactFields,
  notes: z.string().nullable(),
  paid: z.boolean(),
});
export type AgendaOneTime = z.infer<typeof agendaOneTimeSchema>;

export const agendaRecurringPaidSchema = z.object({
  recurring_paid_id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  phone_number: z.string().nullable(),
  ...contactFields,
  notes: z.string().nullable(),
  /** Joined ", " as the original client reads it; `dates` holds the same instants as a list. */
  dates_related: z.string(),
  dates: z.array(isoInstant),
});
export type AgendaRecurringPaid = z.infer<typeof agendaRecurringPaidSchema>;

export const cleaningDatesSummarySchema = z.object({
  one_time_cleanings: z.array(agendaOneTimeSchema),
  recurring_paid_records: z.array(agendaRecurringPaidSchema),
  /** Business dates (YYYY-MM-DD) with more than AGENDA_DAY_LIMIT cleanings or paid dates: only the first are listed. */
  truncated_days: z.array(z.string()).optional(),
});
export type CleaningDatesSummary = z.infer<typeof cleaningDatesSummarySchema>;

/** GET /api/calendar_feed and POST /api/calendar_feed/rotate (admin): the secret address of the feed. */
export const calendarFeedSchema = z
  .object({ url: z.string() })
  .meta({ examples: [{ url: 'https://example.com/api/calendar/0123abcd.ics' }] });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/calendar/{secret}.ics: the owner's cleanings as iCalendar (RFC 5545). */
export const calendarResponse = textBody(
  'text/calendar',
  'The cleanings of the past year and ahead (RFC 5545).',
);
