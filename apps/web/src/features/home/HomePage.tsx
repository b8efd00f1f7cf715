import { useSiteConfig } from '../../lib/site-config';
import { ButtonLink } from '../../lib/ui/Button';
import { usePageMeta } from '../../lib/usePageMeta';
import { GalleryCarousel } from './GalleryCarousel';
import { ServiceArea } from './ServiceArea';

export function HomePage() {
  const { headline, about, tagline } = useSiteConfig();
  usePageMeta('', `${tagline}. ${about}`);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <section aria-labelledby="home-headline" className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{tagline}</p>
        <h1
          id="home-headline"
          className="mt-3 text-4xl font-bold tracking-tight text-brand-950 text-balance sm:text-5xl"
        >
          {headline}
        </h1>
        <h2 className="mt-10 text-xl font-semibold text-brand-900">About Us</h2>
        <p className="mt-3 text-lg leading-relaxed text-stone-700">{about}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/contact">Contact Us</ButtonLink>
          <ButtonLink to="/gallery" variant="secondary">
            View Gallery
          </ButtonLink>
          <ButtonLink to="/packages" variant="secondary">
            Services
          </ButtonLink>
          <ButtonLink to="/reviews" variant="secondary">
            Reviews
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="recent-work-heading" className="mt-16">
        <h2 id="recent-work-heading" className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">
          Our Recent Work
        </h2>
        <p className="mt-2 text-stone-700">Tap a photo to see it up close.</p>
        <div className="mt-6">
          <GalleryCarousel />
        </div>
      </section>

      <div className="mt-16">
        <ServiceArea />
      </div>
    </div>
  );
}
