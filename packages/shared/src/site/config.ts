import { z } from 'zod';
import { US_PHONE_MESSAGE, usPhoneDigits } from '../common/phone';

/** Business facts shown on the site; the server may override them from a JSON file (SITE_CONFIG_FILE). */
export const siteConfigSchema = z.object({
  businessName: z.string().min(1),
  tagline: z.string(),
  headline: z.string(),
  about: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.object({
    locality: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  social: z.object({ label: z.string(), url: z.url() }),
  towns: z.array(z.string()).min(1),
  mapCenter: z.string(),
  /** BUSINESS_TIMEZONE: every date is shown in this zone, whatever the browser's. */
  timezone: z.string(),
  workRequest: z.object({ scriptUrl: z.url(), stylesheetUrl: z.url(), containerId: z.string() }).nullable(),
  /** The owner's Google review page, offered to every customer alike in the review request ('' = none). */
  googleReviewUrl: z.string(),
  bookingRules: z.object({
    noticeHours: z.number(),
    travelBufferMinutes: z.number(),
    holdDays: z.number(),
    cutoffHours: z.number(),
    reviewDelayHours: z.number(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);
const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long.`);
/**
 * A field shown on one line — and written into mail headers and calendar entries, where a line break would start
 * a new header or property: CR, LF and the other line separators are refused, naming the field.
 */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
const onOneLine = (label: string) =>
  [(v: string) => !LINE_BREAK.test(v), `${label} must be on one line.`] as const;
const oneLine = (label: string, max: number) => required(label, max).refine(...onOneLine(label));
const webLink = (label: string) =>
  required(label, 2000).refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, `${label} must be an http:// or https:// link.`);

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} must be a whole number of ${unit}.` })
    .int(`${label} must be a whole number of ${unit}.`)
    .min(min, `${label} must be at least ${min} ${unit}.`)
    .max(max, `${label} must be at most ${max} ${unit}.`);

/**
 * The rules of online booking (docs/product.md#site): how far ahead a time may be asked for, the gap kept between
 * visits, how long an unconfirmed request holds its time, until when the customer may change a visit, and how
 * long after a visit is done the review request goes out. Given whole.
 */
export const bookingRulesInput = z.strictObject({
  noticeHours: wholeNumber('Notice', 0, 720, 'hours'),
  travelBufferMinutes: wholeNumber('Travel buffer', 0, 240, 'minutes'),
  holdDays: wholeNumber('Hold', 1, 30, 'days'),
  cutoffHours: wholeNumber('Change cutoff', 0, 720, 'hours'),
  reviewDelayHours: wholeNumber('Review request delay', 0, 168, 'hours'),
});

/**
 * PUT /api/site-config (admin): the business facts the owner edits, with the site configuration's field names.
 * Every field is optional: a top-level field given replaces the one in force, one left out stays. The phone follows
 * the booking form's rule (`usPhoneDigits`; the store keeps it as (XXX) XXX-XXXX, as it always has); links are http(s).
 * The time zone and the work-request embed stay in the server's configuration (BUSINESS_TIMEZONE, SITE_CONFIG_FILE).
 */
export const siteSettingsInput = z
  .strictObject(
    {
      businessName: oneLine('Business name', 120),
      tagline: oneLine('Tagline', 200),
      headline: oneLine('Headline', 200),
      about: required('About', 4000),
      phone: oneLine('Phone', 30).refine((v) => usPhoneDigits(v) !== null, `Phone ${US_PHONE_MESSAGE}`),
      email: z.email({ error: 'Email must be an e-mail address.' }),
      address: z.strictObject({
        locality: oneLine('Town', 100),
        region: oneLine('State', 50),
        postalCode: optional('ZIP code', 20).refine(...onOneLine('ZIP code')),
        country: oneLine('Country', 2),
      }),
      social: z.strictObject({ label: oneLine('Social link label', 60), url: webLink('Social link') }),
      towns: z.array(oneLine('Town', 100)).min(1, 'Name at least one town.').max(100, 'At most 100 towns.'),
      mapCenter: oneLine('Map center', 200),
      googleReviewUrl: z.union([z.literal(''), webLink('Google review link')]),
      bookingRules: bookingRulesInput,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} cannot be changed here.` : undefined,
    },
  )
  .partial();
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;
