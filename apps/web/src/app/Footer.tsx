import { SERVICE_RADIUS_MILES } from '@clean/shared';
import { Link } from 'react-router';
import { useSiteConfig } from '../lib/site-config';
import { ExternalLink } from '../lib/ui/ExternalLink';
import { LeafMark } from '../lib/ui/LeafMark';

export function Footer() {
  const { businessName, tagline, phone, email, address, social } = useSiteConfig();
  const telHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="mt-16 border-t border-brand-100 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <div className="flex items-center gap-2.5">
            <LeafMark className="h-8 w-8" />
            <p className="text-lg font-bold">{businessName}</p>
          </div>
          <p className="mt-3 text-sm text-brand-100">{tagline}</p>
        </div>
        <div className="text-sm">
          <h2 className="font-semibold text-white">Get in touch</h2>
          <ul className="mt-3 space-y-2 text-brand-100">
            <li>
              <a href={telHref} className="underline-offset-4 hover:underline">
                {phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${email}`} className="break-all underline-offset-4 hover:underline">
                {email}
              </a>
            </li>
            <li>
              <ExternalLink href={social.url} className="underline-offset-4 hover:underline">
                {social.label}
              </ExternalLink>
            </li>
          </ul>
        </div>
        <div className="text-sm">
          <h2 className="font-semibold text-white">Service area</h2>
          <p className="mt-3 leading-relaxed text-brand-100">
            Serving homes and businesses within {SERVICE_RADIUS_MILES} miles of {address.locality},{' '}
            {address.region}.
          </p>
          <Link
            to="/contact"
            className="mt-3 inline-block font-semibold text-white underline underline-offset-4 hover:text-brand-200"
          >
            Request a cleaning
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} {businessName}. Eco-friendly products, always.
        </p>
      </div>
    </footer>
  );
}
