import { CAROUSEL, type GalleryPhoto } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { SafeImage } from '../../lib/ui/SafeImage';
import { carouselPhotosQuery, PHOTO_PLACEHOLDER, photoText } from '../gallery/api';
import { PhotoDialog } from '../gallery/PhotoDialog';
import { CarouselPlaceholder, MAX_PER_VIEW } from './CarouselPlaceholder';

/** Swiper's options from the spec's constants (§9). */
export const swiperOptions: SwiperOptions = {
  modules: [Autoplay, A11y],
  loop: true,
  speed: CAROUSEL.speedMs,
  autoplay: { delay: CAROUSEL.autoplayMs, disableOnInteraction: false },
  slidesPerView: CAROUSEL.slidesSmall,
  spaceBetween: 16,
  breakpoints: Object.fromEntries(
    Object.entries(CAROUSEL.breakpoints).map(([width, slidesPerView]) => [width, { slidesPerView }]),
  ),
  a11y: {
    containerMessage: 'Photos of our work',
    containerRoleDescriptionMessage: 'carousel',
    itemRoleDescriptionMessage: 'slide',
    slideLabelMessage: 'Photo {{index}} of {{slidesLength}}',
  },
};

/** Loop mode needs one slide more than fit on screen; a short gallery is repeated to get there. */
export function loopSlides<T>(photos: readonly T[], needed = MAX_PER_VIEW + 1): T[] {
  if (photos.length === 0) return [];
  const out = [...photos];
  while (out.length < needed) out.push(...photos);
  return out;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Spec §2/§9: up to 8 gallery photos, looping, autoplay every 4 s that keeps going after interaction,
 * 2 s transitions, 1/2/3/5 slides at <640/640/768/1024 px. Clicking a photo opens it in a dialog.
 * A Pause button (and starting paused for people who ask for reduced motion) keeps it accessible.
 * Swiper's core is used directly (its React wrapper costs 4 KB on the home page's first load).
 */
export function GalleryCarousel() {
  const { data: photos = [], isPending, isError } = useQuery(carouselPhotosQuery);
  const [selected, setSelected] = useState<GalleryPhoto | null>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const swiperRef = useRef<Swiper | null>(null);

  if (isPending) return <CarouselPlaceholder />;
  if (isError || photos.length === 0) return null;

  const togglePlaying = () => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.start();
    setPlaying(!playing);
  };

  return (
    <>
      <Slides
        // New photos get a fresh Swiper: it moves slide elements around, so React must not reuse them.
        key={photos.map((p) => p.id).join(',')}
        photos={photos}
        onSelect={setSelected}
        autoplay={playing}
        swiperRef={swiperRef}
      />
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={togglePlaying}
          aria-pressed={!playing}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          {playing ? 'Pause carousel' : 'Play carousel'}
        </button>
      </div>
      <PhotoDialog photo={selected} onClose={() => setSelected(null)} showType />
    </>
  );
}

/** Rendered once per photo list; Swiper owns the DOM order afterwards (memo: never re-rendered). */
const Slides = memo(function Slides({
  photos,
  onSelect,
  autoplay,
  swiperRef,
}: {
  photos: GalleryPhoto[];
  onSelect: (photo: GalleryPhoto) => void;
  autoplay: boolean;
  swiperRef: { current: Swiper | null };
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const slides = loopSlides(photos);
  const autoplayAtStart = useRef(autoplay);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const swiper = new Swiper(el, swiperOptions);
    if (!autoplayAtStart.current) swiper.autoplay.stop();
    swiperRef.current = swiper;
    return () => {
      swiper.destroy(true, true);
      swiperRef.current = null;
    };
  }, [swiperRef]);

  return (
    <div ref={containerRef} className="swiper">
      <div className="swiper-wrapper">
        {slides.map((photo, index) => {
          const text = photoText(photo);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a short gallery repeats the same photo ids
            <div key={`${photo.id}-${index}`} className="swiper-slide">
              <button
                type="button"
                onClick={(event) => {
                  // Swiper cancels the pointer-down (for dragging), so the button would not take focus
                  // and the dialog could not hand it back on close.
                  event.currentTarget.focus();
                  onSelect(photo);
                }}
                className="group block w-full overflow-hidden rounded-2xl bg-brand-50 shadow-sm ring-1 ring-stone-200"
              >
                <span className="block aspect-[4/3]">
                  <SafeImage
                    src={photo.image_url}
                    fallback={PHOTO_PLACEHOLDER}
                    alt={text.caption === 'No Caption' ? `${text.category} cleaning` : text.caption}
                    width={800}
                    height={600}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                </span>
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
});
