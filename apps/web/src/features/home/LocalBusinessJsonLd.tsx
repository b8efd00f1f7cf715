import type { SiteConfig } from '@clean/shared';
import { useSiteConfig } from '../../lib/site-config';

/** schema.org LocalBusiness for search engines (data, not script: the CSP does not apply). */
export function localBusiness(site: SiteConfig, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: site.businessName,
    description: site.about,
    url: `${origin}/`,
    image: `${origin}/demo/logo.svg`,
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

export function LocalBusinessJsonLd() {
  const site = useSiteConfig();
  // "</" would end the element early; JSON allows the escaped slash.
  const json = JSON.stringify(localBusiness(site, window.location.origin)).replace(/<\//g, '<\\/');
  return <script type="application/ld+json">{json}</script>;
}
