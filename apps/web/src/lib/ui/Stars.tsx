import { RATING_MAX } from '@clean/shared';
import { cx } from './cx';

/** A star; with `filled` left out its fill comes from the stylesheet (the star rating's `.star-rating`). */
export function StarIcon({ filled, className }: { filled?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={cx('h-5 w-5', className)} aria-hidden="true" focusable="false">
      <path
        d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
        className={
          filled === undefined
            ? 'star-path'
            : filled
              ? 'fill-amber-500 stroke-amber-600'
              : 'fill-white stroke-stone-400'
        }
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A read-only star rating, announced as "Rated N out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_MAX}`}
      className={cx('flex gap-0.5', className)}
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars
        <StarIcon key={i} filled={i < rating} />
      ))}
    </span>
  );
}
