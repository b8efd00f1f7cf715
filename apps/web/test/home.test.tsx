import { CAROUSEL, defaultSiteConfig, TOWNS } from '@clean/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { carouselOptions } from '../src/features/home/GalleryCarousel';
import { localBusiness } from '../src/features/home/LocalBusinessJsonLd';
import { mapUrl, ServiceArea } from '../src/features/home/ServiceArea';
import { page, renderWithApp, stubFetch } from './utils';

describe('home service area', () => {
  it('offers the 17 towns (Bristol first chosen) and moves the map with the choice', () => {
    stubFetch({});
    renderWithApp('/', [page('/', <ServiceArea />)]);
    expect(screen.getByText(/within 20 miles of Bristol, CT/)).toBeTruthy();
    const select = screen.getByLabelText('Find your town') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([...TOWNS]);
    expect(select.value).toBe('Bristol');
    const frame = () => document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame().getAttribute('src')).toBe(
      'https://maps.google.com/maps?q=Bristol%2C%20CT&z=11&output=embed',
    );
    expect(frame().getAttribute('loading')).toBe('lazy');
    expect(frame().title).toMatch(/Map of Bristol, CT/);
    fireEvent.change(select, { target: { value: 'New Britain' } });
    expect(frame().getAttribute('src')).toBe(
      'https://maps.google.com/maps?q=New%20Britain%2C%20CT&z=11&output=embed',
    );
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === "Not sure if you're in the zone? Reach out and we'll see if we can fit you in!",
      ),
    ).toBeTruthy();
    expect(mapUrl('West Hartford', 'CT')).toBe(
      'https://maps.google.com/maps?q=West%20Hartford%2C%20CT&z=11&output=embed',
    );
  });
});

describe('home carousel settings', () => {
  it('uses the carousel constants: loop, 4 s autoplay that survives interaction, 2 s speed, 1/2/3/5 per view', () => {
    expect(carouselOptions.loop).toBe(true);
    expect(carouselOptions.speed).toBe(2000);
    expect(carouselOptions.autoplay).toEqual({ delay: 4000, disableOnInteraction: false });
    expect(carouselOptions.slidesPerView).toBe(1);
    expect(carouselOptions.breakpoints).toEqual({
      640: { slidesPerView: 2 },
      768: { slidesPerView: 3 },
      1024: { slidesPerView: 5 },
    });
    expect(CAROUSEL.maxPhotos).toBe(8);
  });
});

describe('LocalBusiness JSON-LD', () => {
  it('names the business, its contact data, address and the towns served', () => {
    const data = localBusiness(defaultSiteConfig, 'https://clean.example');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Bristol Eco Clean',
      telephone: '(860) 555-0142',
      email: 'hello@bristolecoclean.example',
      url: 'https://clean.example/',
      address: { '@type': 'PostalAddress', addressLocality: 'Bristol', addressRegion: 'CT' },
    });
    expect(data.areaServed).toEqual([...TOWNS]);
  });
});
