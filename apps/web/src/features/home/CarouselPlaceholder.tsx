import { CAROUSEL } from '@clean/shared';

export const MAX_PER_VIEW = Math.max(CAROUSEL.slidesSmall, ...Object.values(CAROUSEL.breakpoints));

/** Holds the carousel's height while its photos load, so nothing below jumps. */
export function CarouselPlaceholder() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5" aria-hidden="true">
      {Array.from({ length: MAX_PER_VIEW }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={i}
          className={`aspect-[4/3] rounded-2xl bg-brand-50 ${i > 0 ? 'hidden' : ''} ${i === 1 ? 'sm:block' : ''} ${i === 2 ? 'md:block' : ''} ${i > 2 ? 'lg:block' : ''}`}
        />
      ))}
    </div>
  );
}
