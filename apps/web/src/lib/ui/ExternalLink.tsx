import type { ComponentProps } from 'react';

/**
 * A link to another site: it opens in a new tab, says so to screen readers, and gives that site no handle
 * on this page (noopener) nor this page's address (noreferrer).
 */
export function ExternalLink({ href, children, ...props }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
