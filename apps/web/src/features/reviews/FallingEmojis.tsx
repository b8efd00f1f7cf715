import { DELAYS } from '@clean/shared';
import { useEffect, useMemo } from 'react';

const EMOJIS = ['🧹', '🫧'] as const;

/** docs/product.md#reviews: 20 brooms and bubbles falling for 3 s after a review is sent; then `onDone`. Styled by
 * falling-emojis.css, which ReviewForm loads. */
export function FallingEmojis({
  onDone,
  random = Math.random,
}: {
  onDone: () => void;
  random?: () => number;
}) {
  const items = useMemo(
    () =>
      Array.from({ length: DELAYS.fallingEmojiCount }, (_, i) => {
        const duration = 1.6 + random() * 1.2; // s; with the delay, everything lands within 3 s
        return {
          emoji: EMOJIS[i % EMOJIS.length],
          left: `${Math.round(random() * 94)}%`,
          delay: `${(random() * (DELAYS.fallingEmojiMs / 1000 - duration)).toFixed(2)}s`,
          duration: `${duration.toFixed(2)}s`,
          size: `${(1.5 + random()).toFixed(2)}rem`,
        };
      }),
    [random],
  );

  useEffect(() => {
    const timer = window.setTimeout(onDone, DELAYS.fallingEmojiMs);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    <div
      aria-hidden="true"
      data-testid="falling-emojis"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {items.map((item, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed burst of 20
          key={i}
          className="review-emoji"
          style={{
            left: item.left,
            fontSize: item.size,
            animationDelay: item.delay,
            animationDuration: item.duration,
          }}
        >
          {item.emoji}
        </span>
      ))}
    </div>
  );
}
