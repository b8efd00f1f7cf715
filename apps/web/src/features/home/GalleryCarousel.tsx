import { CAROUSEL } from '@clean/shared';
import { useEffect, useRef, useState } from 'react';
import { PhotoDialog } from '../../lib/ui/PhotoDialog';
import { PhotoTile } from '../../lib/ui/PhotoTile';
import { useDialogParam } from '../../lib/useSearchState';
import { useCarouselPhotos } from '../gallery/api';
import { CarouselPlaceholder } from './CarouselPlaceholder';

/**
 * The carousel's behaviour from docs/product.md#constants. Slides per view are laid out by CSS
 * (TRACK_CLASS, the same breakpoints) so the server-rendered page has its final layout.
 */
export const carouselOptions = {
  loop: true,
  speed: CAROUSEL.speedMs,
  autoplay: { delay: CAROUSEL.autoplayMs, disableOnInteraction: false },
  slidesPerView: CAROUSEL.slidesSmall,
  breakpoints: Object.fromEntries(
    Object.entries(CAROUSEL.breakpoints).map(([width, slidesPerView]) => [width, { slidesPerView }]),
  ),
};

/**
 * A scroll-snapping row of 1/2/3/5 photos at <640/640/768/1024 px (CAROUSEL.breakpoints) with 1rem gaps.
 * `carousel` / `carousel-slide` name the parts for tests and styles; they carry no rules of their own.
 */
const TRACK_CLASS =
  'carousel grid grid-flow-col gap-4 overflow-x-auto overscroll-x-contain snap-x snap-mandatory ' +
  '[--per-view:1] sm:[--per-view:2] md:[--per-view:3] lg:[--per-view:5] [scrollbar-width:none] ' +
  'auto-cols-[calc((100%-(var(--per-view)-1)*1rem)/var(--per-view))]';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls `el` to `left` over `ms` (smooth scrolling has no duration setting); snapping waits till the end. */
function glide(el: HTMLElement, left: number, ms: number) {
  const from = el.scrollLeft;
  const start = performance.now();
  el.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
    el.scrollLeft = from + (left - from) * easeInOut(t);
    if (t < 1) requestAnimationFrame(step);
    else el.style.scrollSnapType = '';
  };
  requestAnimationFrame(step);
}

/**
 * docs/product.md#home: up to 8 gallery photos, 1/2/3/5 at a time (<640/640/768/1024 px), moving on every 4 s with a
 * 2 s glide and starting over after the last (loop), and it keeps going after a photo is opened. Visitors can
 * also swipe or scroll it (CSS scroll-snap). A Pause button, and starting paused for people who ask for
 * reduced motion, keep it accessible. Clicking a photo opens it in a dialog. Plain CSS and a few lines of
 * script: no carousel library on the home page's first load.
 */
export function GalleryCarousel() {
  const { data: photos = [], isPending, isError } = useCarouselPhotos();
  const dialog = useDialogParam('photo');
  const selected = photos.find((photo) => photo.id === dialog.id) ?? null;
  const [playing, setPlaying] = useState(true);
  const [active, setActive] = useState(0);
  const [ready, setReady] = useState(false);
  const trackRef = useRef<HTMLUListElement>(null);

  // After hydration (the server cannot know the visitor's motion preference).
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
    setReady(true);
  }, []);

  // The active slide is the first one fully in view, whoever moved the track (autoplay, swipe, scroll).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      const slide = track.firstElementChild as HTMLElement | null;
      const width = slide ? slide.getBoundingClientRect().width + 16 : 0;
      if (width > 0) setActive(Math.round(track.scrollLeft / width));
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => track.removeEventListener('scroll', onScroll);
  });

  useEffect(() => {
    const track = trackRef.current;
    if (!playing || !track) return;
    const timer = window.setInterval(() => {
      const slide = track.firstElementChild as HTMLElement | null;
      if (!slide) return;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
      const next = atEnd ? 0 : track.scrollLeft + slide.getBoundingClientRect().width + 16;
      glide(track, next, carouselOptions.speed);
    }, carouselOptions.autoplay.delay + carouselOptions.speed);
    return () => window.clearInterval(timer);
  }, [playing]);

  if (isPending) return <CarouselPlaceholder />;
  if (isError || photos.length === 0) return null;

  return (
    <>
      <section aria-roledescription="carousel" aria-label="Photos of our work">
        <ul ref={trackRef} className={TRACK_CLASS} data-ready={ready || undefined}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="carousel-slide snap-start"
              data-slide-index={index}
              // Which slide is current is known once the script runs (it follows scrolling).
              data-active={(ready && index === active) || undefined}
              aria-roledescription="slide"
              aria-label={`Photo ${index + 1} of ${photos.length}`}
            >
              <PhotoTile
                photo={photo}
                to={dialog.linkFor(photo.id)}
                className="w-full rounded-2xl"
                width={800}
                // One to five slides in view (--per-view above).
                sizes="(min-width: 1024px) 20vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
                // The first photo is the largest paint of the page; the rest wait until near view.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={() => setPlaying(!playing)}
          aria-pressed={!playing}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          {playing ? 'Pause carousel' : 'Play carousel'}
        </button>
      </div>
      <PhotoDialog photo={selected} onClose={dialog.close} closeLink={dialog.closeLink} showType />
    </>
  );
}
