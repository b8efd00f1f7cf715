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
