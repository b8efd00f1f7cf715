import type { SiteConfig } from '@clean/shared';

/**
 * schema.org LocalBusiness for search engines. The server puts it in the head of `/` (lib/spa.ts, with the
 * rating of the approved reviews), so crawlers that run no JavaScript see it too.
 */
export function localBusiness(site: SiteConfig, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: site.businessName,
    description: site.about,
    url: `${origin}/`,
    image: `${origin}/demo/logo.png`,
    telephone: site.phone,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: site.towns,
    sameAs: [site.social.url],
  };
}
