import { z } from 'zod';
import { dateInput, dateTimeInput } from '../common/date-time-input';
import { durationMinutes } from '../common/duration';
import { id } from '../common/fields';
import { isoInstant } from '../common/responses';
import { versionField } from '../common/versions';
import { PAYMENT_METHOD } from '../invoices/schemas';
import { QUOTE_FREQUENCIES } from '../pricing/schemas';

/**
 * Visits: the one-time cleanings and the occurrences of recurring schedules, as the owner's week really is.
 * Occurrences of a schedule are computed from its rule (first_visit_at + recognised frequency) at read time;
 * only what differs from the rule (skipped, moved, done) is stored.
 */

/** A visit's length; it lives in common/ because pricing needs it too and visits imports pricing (no cycle). */
export { durationMinutes };

/** A create form's "Send the customer a confirmation": on unless the owner unticks it. */
export const notifyCustomer = z.boolean({ error: 'notify_customer must be true or false.' }).default(true);

/** The owner's default visit length when a cleaning or schedule names none. */
export const DEFAULT_VISIT_MINUTES = 120;

/** GET /api/visits?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): both business dates included, at most 92 days. */
export const VISITS_MAX_DAYS = 92;
export const visitsQuery = z.object({ from: dateInput('from'), to: dateInput('to') });
export type VisitsQuery = z.infer<typeof visitsQuery>;

/**
 * `request`: a visitor's booking request holding its time until the owner confirms or declines it
 * (docs/product.md#open-times-and-holds).
 */
export const VISIT_KINDS = ['one_time', 'recurring', 'request'] as const;
/**
 * `requested`: a held request (kind request); `declined`: the answer to declining one; `cancelled`: a one-time
 * cleaning the customer cancelled with their personal link (it keeps no time).
 */
export const VISIT_STATUSES = ['planned', 'done', 'skipped', 'requested', 'declined', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/**
 * One visit. `key` is stable per occurrence: `o{cleaning id}` for a one-time cleaning,
 * `r{schedule id}-{original start as yyyymmddThhmmssZ}` for a recurring occurrence (a move keeps the key),
 * `h{hold id}` for a booking request's held time (kind `request`, status `requested`: the Agenda's
 * "Requested: NAME"; its amount is the quoted one, 0 without a quote).
 */
export const visitSchema = z.object({
  key: z.string(),
  kind: z.enum(VISIT_KINDS),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  call_or_text: z.enum(['call', 'text']).nullable(),
  town: z.string().nullable(),
  street_address: z.string().nullable(),
  zip: z.string().nullable(),
  /** The owner's notes on getting in (the visits are the owner's reads; the customer's page has its own shape). */
  access_notes: z.string().nullable(),
  start: isoInstant,
  end: isoInstant,
  /** Where the rule put it, when it was moved (recurring only). */
  original_start: isoInstant.nullable(),
  status: z.enum(VISIT_STATUSES),
  paid: z.boolean(),
  amount: z.number(),
  notes: z.string().nullable(),
  one_time_cleaning_id: z.number().int().nullable(),
  recurring_payment_id: z.number().int().nullable(),
  /** The paid record "Done & paid" created (recurring only). */
  recurring_paid_id: z.number().int().nullable(),
  /** A request only: how often the visitor asked for it (a weekly one becomes a schedule when confirmed). */
  requested_frequency: z.enum(QUOTE_FREQUENCIES).nullable(),
  /** A request only: when its hold lapses unless confirmed (bookingRules.holdDays after it was sent). */
  hold_lapses_at: isoInstant.nullable(),
  /**
   * The team member who cleans it (users.id; the owner's own id included), null when nobody is assigned: a
   * one-time cleaning's own; an occurrence's own, else its schedule's default.
   */
  cleaner_id: z.number().int().nullable(),
  /** That team member's name as the Agenda shows it ("Owner" for the owner without one). */
  cleaner_name: z.string().nullable(),
  /**
   * Changes with every write to the visit (If-Match): a one-time cleaning's version; an occurrence's changes with
   * its schedule and its own exception; a request's is constant (its only change, confirm or decline, ends it).
   */
  version: versionField,
});
export type Visit = z.infer<typeof visitSchema>;
export const visitListSchema = z.array(visitSchema);

/**
 * PATCH /api/visits/{key} (admin): done and paid, skipped, or moved to `start`, and/or assigned (`cleaner_id`)
 * (a date-time in the business time zone, as every other). `allow_overlap: true` moves it even onto
 * another visit or outside the working hours. Done or paid before the visit's start takes `confirm_early: true`.
 * Done & paid may name its `payment_method`. A request (`h…`) takes `{ status: "confirmed" }` (it becomes the
 * one-time cleaning, or the schedule and its first visit, at the quoted amount; the inquiry is Booked) or
 * `{ status: "declined" }` (its time is free again), and nothing else.
 */
export const visitPatch = z
  .object({
    status: z
      .enum(['done', 'skipped', 'planned', 'confirmed', 'declined'], {
        error: 'status must be done, skipped, planned, confirmed or declined.',
      })
      .optional(),
    paid: z.boolean({ error: 'paid must be true or false.' }).optional(),
    start: dateTimeInput('start').optional(),
    allow_overlap: z.boolean({ error: 'allow_overlap must be true or false.' }).optional(),
    /** Done (or paid) before the visit's start: only with this, else a 409 asking (docs/api.md). */
    confirm_early: z.boolean({ error: 'confirm_early must be true or false.' }).optional(),
    /** A move mails the customer the new time and calendar entry unless this is false (docs/api.md). */
    notify_customer: z.boolean({ error: 'notify_customer must be true or false.' }).optional(),
    /**
     * Who cleans it (a team member's id), or null: nobody (an occurrence: its schedule's default again). Refused
     * (409) when that person has another visit overlapping it, unless allow_overlap.
     */
    cleaner_id: id('cleaner_id').nullable().optional(),
    /** How Done & paid was paid; without it, the method of the last payment recorded (cash at first). */
    payment_method: z
      .enum(PAYMENT_METHOD, { error: `payment_method must be one of: ${PAYMENT_METHOD.join(', ')}.` })
      .optional(),
  })
  .refine(
    (v) =>
      v.status !== undefined || v.start !== undefined || v.paid !== undefined || v.cleaner_id !== undefined,
    { message: 'Send a status, a paid flag, a new start or a cleaner_id.' },
  )
  .refine((v) => v.payment_method === undefined || v.paid === true, {
    message: 'payment_method goes with paid: true.',
  });
export type VisitPatch = z.input<typeof visitPatch>;

/** A visit that overlaps another, or falls outside the working hours. */
export const visitConflictSchema = z.object({
  kind: z.enum(['overlap', 'outside_hours']),
  /** The other visit's key and name (overlap only). */
  key: z.string().nullable(),
  inquiry_name: z.string().nullable(),
  start: isoInstant.nullable(),
  end: isoInstant.nullable(),
  message: z.string(),
});
export type VisitConflict = z.infer<typeof visitConflictSchema>;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The days as the owner reads them (the hub's editor, the server's conflict sentences). */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** More working spans than this a day are refused. */
export const MAX_SPANS_A_DAY = 4;

const clock = z
  .string({ error: 'Times must look like 08:00.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must look like 08:00 (24-hour clock).');
const span = z
  .tuple([clock, clock], { error: 'Each span is ["HH:MM", "HH:MM"].' })
  .refine(([a, b]) => a < b, 'Each span must end after it starts.');
const daySpans = z
  .array(span, { error: 'Each day is a list of spans.' })
  .max(MAX_SPANS_A_DAY, `At most ${MAX_SPANS_A_DAY} spans a day.`)
  .refine(
    (spans) =>
      [...spans]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .every((s, i, all) => i === 0 || (all[i - 1]?.[1] ?? '') <= s[0]),
    'Spans of one day must not overlap.',
  );

/** GET/PUT /api/working_hours (admin): the owner's week and how many visits may overlap. */
export const workingHoursSchema = z.object({
  days: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, daySpans])) as Record<Weekday, typeof daySpans>, {
    error: 'days must name mon to sun.',
  }),
  max_overlap: z
    .number({ error: 'max_overlap must be a whole number.' })
    .int('max_overlap must be a whole number.')
    .min(1, 'max_overlap must be at least 1.')
    .max(10, 'max_overlap must be at most 10.'),
  default_duration_minutes: durationMinutes('default_duration_minutes').default(DEFAULT_VISIT_MINUTES),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const DEFAULT_WORKING_HOURS: WorkingHours = {
  days: {
    mon: [['08:00', '17:00']],
    tue: [['08:00', '17:00']],
    wed: [['08:00', '17:00']],
    thu: [['08:00', '17:00']],
    fri: [['08:00', '17:00']],
    sat: [],
    sun: [],
  },
  max_overlap: 1,
  default_duration_minutes: DEFAULT_VISIT_MINUTES,
};

/**
 * GET /api/visits/conflicts?start=&duration_minutes=[&frequency=][&exclude_key=] (admin): what a cleaning or
 * schedule about to be saved would overlap or fall outside of, so the hub's forms can warn before saving.
 * With a recognised frequency the first occurrences are checked too.
 */
export const visitConflictsQuery = z.object({
  start: dateTimeInput('start'),
  duration_minutes: z.coerce
    .number({ error: 'duration_minutes must be a whole number of minutes.' })
    .pipe(durationMinutes())
    .optional(),
  frequency: z.string().trim().max(60, 'frequency must be at most 60 characters.').optional(),
  /** The visit being edited (its own time is no conflict): `o12`, or `s7` for a whole schedule. */
  exclude_key: z.string().max(60).optional(),
});
export const visitConflictListSchema = z.array(visitConflictSchema);
