import { SERVICE_RADIUS_MILES } from '@clean/shared';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { inputClass } from '../../lib/ui/TextField';

/** The embedded Google map of a town (no API key needed for the classic embed). */
export const mapUrl = (town: string, region: string) =>
  `https://maps.google.com/maps?q=${encodeURIComponent(`${town}, ${region}`)}&z=11&output=embed`;

/**
 * True once `box` comes within 200 px of the viewport. The embedded map is a whole web page of its own: `loading
 * ="lazy"` alone lets the browser load it from several screens away, costing a phone over a second of main-thread
 * work on the home page's first load (Lighthouse: total blocking time). Without IntersectionObserver: at once.
 */
function useNearViewport(box: RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return near;
}

/** docs/product.md#home: the service radius, a town dropdown and a map that follows the chosen town. */
export function ServiceArea() {
  const { towns, address } = useSiteConfig();
  const [town, setTown] = useState(
    () => (towns.includes(address.locality) ? address.locality : towns[0]) ?? '',
  );
  const selectId = useId();
  const mapBox = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(mapBox);
  return (
    <section
      aria-labelledby="service-area-heading"
      className="grid gap-8 lg:grid-cols-[2fr_3fr] lg:items-start"
    >
      <div>
        <h2
          id="service-area-heading"
          className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl"
        >
          Our Service Area
        </h2>
        <p className="mt-3 text-lg leading-relaxed text-stone-700">
          We serve homes and businesses within {SERVICE_RADIUS_MILES} miles of {address.locality},{' '}
          {address.region}.
        </p>
        <label htmlFor={selectId} className="mt-6 block text-sm font-medium text-stone-800">
          Find your town
        </label>
        <select
          id={selectId}
          value={town}
          onChange={(e) => setTown(e.target.value)}
          className={`${inputClass} mt-1.5 max-w-xs`}
        >
          {towns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p className="mt-6 text-stone-700">
          Not sure if you're in the zone?{' '}
          <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-4">
            Reach out
          </Link>{' '}
          and we'll see if we can fit you in!
        </p>
      </div>
      <div
        ref={mapBox}
        className="aspect-[4/3] overflow-hidden rounded-2xl border lg:aspect-[16/10] border-stone-200 bg-brand-50 shadow-sm"
      >
        {showMap && (
          <iframe
            title={`Map of ${town}, ${address.region} and the surrounding area`}
            src={mapUrl(town, address.region)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="h-full w-full border-0"
          />
        )}
      </div>
    </section>
  );
}
