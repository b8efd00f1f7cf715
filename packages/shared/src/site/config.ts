import { z } from 'zod';
import { TOWNS } from '../constants';

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
  workRequest: z.object({ scriptUrl: z.url(), stylesheetUrl: z.url(), containerId: z.string() }).nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const defaultSiteConfig: SiteConfig = {
  businessName: 'Bristol Eco Clean',
  tagline: 'Eco-friendly home & office cleaning',
  headline: 'A spotless space, naturally.',
  about:
    'We are a small, local cleaning team serving homes and businesses within 20 miles of Bristol, CT. ' +
    'Residential, office and moving-day cleaning — always with plant-based, eco-friendly products ' +
    'that are safe for kids, pets and the planet.',
  phone: '(860) 555-0142',
  email: 'hello@bristolecoclean.example',
  address: { locality: 'Bristol', region: 'CT', postalCode: '06010', country: 'US' },
  social: { label: 'Facebook', url: 'https://www.facebook.com/' },
  towns: [...TOWNS],
  mapCenter: 'Bristol, CT',
  workRequest: null,
};
