import { z } from 'zod';

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
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

const DIGITS = 10;
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
const webLink = (label: string) =>
  required(label, 2000).refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, `${label} must be an http:// or https:// link.`);

/**
 * PUT /api/site-config (admin): the business facts the owner edits, with the site configuration's field names.
 * Every field is optional: a top-level field given replaces the one in force, one left out stays. The phone follows
 * the booking form's rule (10 digits once spaces, parentheses, dashes and dots are taken out); links are http(s).
 * The time zone and the work-request embed stay in the server's configuration (BUSINESS_TIMEZONE, SITE_CONFIG_FILE).
 */
export const siteSettingsInput = z
  .strictObject(
    {
      businessName: required('Business name', 120),
      tagline: required('Tagline', 200),
      headline: required('Headline', 200),
      about: required('About', 4000),
      phone: required('Phone', 30).refine(
        (v) => /^[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length === DIGITS,
        `Phone must have ${DIGITS} digits.`,
      ),
      email: z.email({ error: 'Email must be an e-mail address.' }),
      address: z.strictObject({
        locality: required('Town', 100),
        region: required('State', 50),
        postalCode: optional('ZIP code', 20),
        country: required('Country', 2),
      }),
      social: z.strictObject({ label: required('Social link label', 60), url: webLink('Social link') }),
      towns: z.array(required('Town', 100)).min(1, 'Name at least one town.').max(100, 'At most 100 towns.'),
      mapCenter: required('Map centre', 200),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} cannot be changed here.` : undefined,
    },
  )
  .partial();
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;
