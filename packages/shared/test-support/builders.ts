import type {
  CleaningDatesSummary,
  Inquiry,
  InquiryQuote,
  Pricing,
  RecurringPayment,
  RecurringPaymentInput,
  Review,
  Visit,
} from '../src/index';

/**
 * Records as the API answers them, for the server's and the web's tests alike: a builder fills in every field a
 * test does not care about, so a test names only what it is about (and a new field is added here once).
 */

/** Where a booking request came from, when nothing says: no quote, no answer to "heard from", no campaign. */
export const NO_SOURCE = {
  quote: null,
  heard_from: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer: null,
} as const satisfies Partial<Inquiry>;

/** An inquiry as the API lists it: a new one from Bristol, by phone, with no source and no address. */
export const inquiryRecord = (fields: Partial<Inquiry> = {}): Inquiry => ({
  id: 1,
  name: 'Dana Whitfield',
  email: null,
  phone_number: '8605550123',
  call_or_text: 'call',
  town: 'Bristol',
  description: null,
  status: 'New Inquiry',
  submitted_at: '2027-03-10T15:00:00.000Z',
  ...NO_SOURCE,
  version: '0',
  street_address: null,
  zip: null,
  ...fields,
});

/** A line of a quote as a table row: [label, amount, minutes]. */
export type PriceLine = [label: string, amount: number, minutes: number];

/**
 * A quote as an inquiry stores it: a one-time Standard Clean of one bedroom and one bathroom unless told, its lines
 * given as table rows. Its amount and length are whatever the test names (the builder computes nothing).
 */
export const quoteRecord = (
  fields: Partial<Omit<InquiryQuote, 'lines'>> = {},
  lines: PriceLine[] = [['Standard Clean', 150, 120]],
): InquiryQuote => ({
  package_id: 1,
  bedrooms: 1,
  bathrooms: 1,
  extras: [],
  frequency: 'one_time',
  amount: 150,
  duration_minutes: 120,
  ...fields,
  lines: lines.map(([label, amount, minutes]) => ({ label, amount, minutes })),
});

/**
 * A pricing table as the API answers it: package 1 takes two hours; a bedroom $20 and 30 minutes, a bathroom $15
 * and 20; no extras; 15, 10 and 5% off weekly, every 2 and every 4 weeks; a $100 minimum.
 */
export const pricingRecord = (fields: Partial<Pricing> = {}): Pricing => ({
  packages: [{ package_id: 1, base_minutes: 120 }],
  per_bedroom: { amount: 20, minutes: 30 },
  per_bathroom: { amount: 15, minutes: 20 },
  extras: [],
  frequency_discounts: { one_time: 0, weekly: 15, every_2_weeks: 10, every_4_weeks: 5 },
  minimum: 100,
  ...fields,
});

/** A schedule as the owner creates it (POST /api/recurring_payments): $120 every two weeks from 2 March 2027, 9:00. */
export const scheduleRequest = (
  fields: Pick<RecurringPaymentInput, 'inquiry_id'> & Partial<RecurringPaymentInput>,
): RecurringPaymentInput => ({
  amount: 120,
  frequency: 'Every 2 weeks',
  first_visit_at: '2027-03-02T09:00',
  ...fields,
});

/** A schedule as the API lists it: Tom Reilly's weekly $120 from Tuesday 2 March 2027, 9:00 in New York. */
export const scheduleRecord = (fields: Partial<RecurringPayment> = {}): RecurringPayment => ({
  id: 5,
  inquiry_id: 4,
  inquiry_name: 'Tom Reilly',
  amount: 120,
  frequency: 'Weekly',
  notes: null,
  first_visit_at: '2027-03-02T14:00:00.000Z',
  duration_minutes: null,
  visits_note: null,
  version: '0',
  ...fields,
});

/** A visit as the API lists it: a planned, unpaid $120 visit of Tom Reilly's schedule 9 in Bristol, nobody assigned. */
export const visitRecord = (fields: Partial<Visit> & Pick<Visit, 'key' | 'start' | 'end'>): Visit => ({
  kind: 'recurring',
  inquiry_id: 4,
  inquiry_name: 'Tom Reilly',
  phone_number: '8605550199',
  email: null,
  call_or_text: 'call',
  town: 'Bristol',
  street_address: null,
  zip: null,
  access_notes: null,
  original_start: null,
  status: 'planned',
  paid: false,
  amount: 120,
  notes: null,
  one_time_cleaning_id: null,
  recurring_payment_id: 9,
  recurring_paid_id: null,
  requested_frequency: null,
  hold_lapses_at: null,
  cleaner_id: null,
  cleaner_name: null,
  version: '0.0',
  ...fields,
});

/** A review as the API lists it: five stars, approved, not from a review request's link, no photo. */
export const reviewRecord = (fields: Partial<Review> & Pick<Review, 'id'>): Review => ({
  reviewer_name: `Customer ${fields.id}`,
  rating: 5,
  comment: `Comment ${fields.id}`,
  photo_url: null,
  status: 'approved',
  verified: false,
  created_at: '2026-05-01T14:00:00.000Z',
  ...fields,
});

type AgendaCleaning = CleaningDatesSummary['one_time_cleanings'][number];
type AgendaPaidRecord = CleaningDatesSummary['recurring_paid_records'][number];

/** A customer the owner has no contact details or notes for: what a summary row names when its test does not. */
const noDetails = {
  phone_number: null,
  email: null,
  call_or_text: null,
  town: null,
  street_address: null,
  zip: null,
  access_notes: null,
  notes: null,
};

/** Contact details of a customer who gave them all but an address, as a summary row carries them. */
export const MARIA_DETAILS = {
  phone_number: '8605550101',
  email: 'maria@example.com',
  call_or_text: 'text',
  town: 'Bristol',
} as const satisfies Partial<AgendaCleaning>;

/** A one-time cleaning of the agenda's summary; inquiry 1's, unpaid and without details unless given. */
export const agendaCleaning = (
  cleaning: Pick<AgendaCleaning, 'cleaning_id' | 'inquiry_name' | 'date_time'> & Partial<AgendaCleaning>,
): AgendaCleaning => ({ ...noDetails, inquiry_id: 1, paid: false, ...cleaning });

/** A recurring paid record of the agenda's summary, covering `dates` (joined as the original string too). */
export const agendaPaidRecord = (
  record: Pick<AgendaPaidRecord, 'recurring_paid_id' | 'inquiry_id' | 'inquiry_name'> & { dates: string[] },
): AgendaPaidRecord => ({ ...noDetails, dates_related: record.dates.join(', '), ...record });
