import { RATING_MAX, RATING_MIN } from '@clean/shared';
import { type KeyboardEvent, useId, useRef } from 'react';
import { StarIcon } from '../../lib/ui/Stars';

export const starLabel = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

const KEY_STEPS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/**
 * Rating by clicking a star (docs/product.md#reviews): five native radio buttons drawn as stars, in a radio group
 * with one tab stop. Arrow keys move and select (wrapping, as native radios do), Home/End jump to 1 and 5; the keys
 * are handled here so every browser behaves the same.
 */
export function StarRating({
  value,
  onChange,
  labelledBy,
  name,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
  name?: string;
}) {
  const groupName = useId();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const select = (n: number) => {
    onChange(n);
    refs.current[n - 1]?.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const span = RATING_MAX - RATING_MIN + 1;
    const step = KEY_STEPS[event.key];
    const next =
      step !== undefined
        ? ((((value - RATING_MIN + step) % span) + span) % span) + RATING_MIN
        : event.key === 'Home'
          ? RATING_MIN
          : event.key === 'End'
            ? RATING_MAX
            : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className="star-rating flex gap-1"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => {
        const id = `${groupName}-${n}`;
        return (
          <span key={n} className="relative">
            <input
              ref={(el) => {
                refs.current[n - 1] = el;
              }}
              id={id}
              type="radio"
              name={name ?? groupName}
              value={n}
              checked={n === value}
              onChange={() => onChange(n)}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <label
              htmlFor={id}
              className="block cursor-pointer rounded-md p-1 transition-transform peer-hover:scale-110 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-offset-2"
            >
              <StarIcon className="h-8 w-8" />
              <span className="sr-only">{starLabel(n)}</span>
            </label>
          </span>
        );
      })}
    </div>
  );
}
