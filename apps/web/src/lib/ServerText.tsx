import { useLayoutEffect, useRef, useState } from 'react';
import { hydrating } from './in-own-task';

/** Preact leaves the inside of an element with this prop as it is while hydrating, and on re-renders. */
const KEEP = { __html: '' };

/**
 * A paragraph of `format(value)` whose text, on a server-rendered page, is the server's until `value` changes.
 * For text that is costly to compute in a browser: a page's first date formatted with Intl loads the browser's
 * locale data, 20 ms (80 ms on a slow phone), long enough to block a tap while the page hydrates. Markup rendered
 * afresh rather than hydrated (the owner's view of a page, a card mounted later) comes out empty while kept, so
 * its text is computed before it is painted.
 */
export function ServerText({
  value,
  format,
  className,
}: {
  value: string;
  format: (value: string) => string;
  className?: string;
}) {
  const [kept, setKept] = useState(() => (hydrating() ? value : null));
  const ref = useRef<HTMLParagraphElement>(null);
  const keep = kept === value;
  useLayoutEffect(() => {
    if (keep && !ref.current?.textContent) setKept(null);
  }, [keep]);
  if (keep)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, so the server's text stays
    return <p ref={ref} className={className} dangerouslySetInnerHTML={KEEP} />;
  return <p className={className}>{format(value)}</p>;
}
