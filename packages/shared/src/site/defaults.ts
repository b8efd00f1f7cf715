import { DISPLAY_TIMEZONE, TOWNS } from '../constants';
import type { SiteConfig } from './config';

/** Built-in business facts (no zod here: the public first load imports this). */
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
  timezone: DISPLAY_TIMEZONE,
  workRequest: null,
  googleReviewUrl: '',
  bookingRules: {
    noticeHours: 24,
    travelBufferMinutes: 30,
    holdDays: 3,
    cutoffHours: 48,
    reviewDelayHours: 3,
  },
};
