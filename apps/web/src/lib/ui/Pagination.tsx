import { Link, type To } from 'react-router';
import { Button, buttonClass } from './Button';
import { cx } from './cx';

/**
 * Previous / Next with 'Page X of Y' (original wording); hidden when there is a single page. With `linkFor` (a public
 * page, whose page number is in its address) they are links, which work before and without script and move in
 * place once the page is live; without it, buttons calling `onPageChange` (the hub).
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  linkFor,
  label = 'Pagination',
}: {
  page: number;
  pageCount: number;
  label?: string;
} & (
  | { onPageChange: (page: number) => void; linkFor?: undefined }
  | { linkFor: (page: number) => To; onPageChange?: undefined }
)) {
  if (pageCount <= 1) return null;
  const step = (to: number, text: string) => {
    const disabled = to < 1 || to > pageCount;
    if (!linkFor) {
      return (
        <Button variant="secondary" disabled={disabled} onClick={() => onPageChange?.(to)}>
          {text}
        </Button>
      );
    }
    if (disabled) {
      return (
        <span aria-disabled="true" className={buttonClass('secondary', 'cursor-not-allowed opacity-60')}>
          {text}
        </span>
      );
    }
    return (
      <Link to={linkFor(to)} className={buttonClass('secondary')}>
        {text}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      {step(page - 1, 'Previous')}
      <span className="text-sm font-medium text-stone-700" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      {step(page + 1, 'Next')}
    </nav>
  );
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page numbers to link to: every page when there are few, else the first, the last and those around `page`,
 * with a gap where pages are left out, before or after those. A gap never stands for a single page (that page is
 * shown instead). Ten years of photos are hundreds of pages: a link to each would be most of the page's HTML.
 */
export function pageWindow(
  page: number,
  pageCount: number,
  around = 2,
): (number | 'gap-before' | 'gap-after')[] {
  // An address past the last page (about to move to it) still links to the last pages.
  const current = Math.min(page, pageCount);
  const first = Math.max(1, current - around);
  const last = Math.min(pageCount, current + around);
  const shown: (number | 'gap-before' | 'gap-after')[] = [];
  if (first > 1) shown.push(1);
  if (first === 3) shown.push(2);
  else if (first > 3) shown.push('gap-before');
  for (let n = first; n <= last; n++) shown.push(n);
  if (last === pageCount - 2) shown.push(pageCount - 1);
  else if (last < pageCount - 2) shown.push('gap-after');
  if (last < pageCount) shown.push(pageCount);
  return shown;
}

/** Numbered page links (the current one marked aria-current, far pages left out); hidden for a single page. */
export function PageLinks({
  page,
  pageCount,
  linkFor,
  label,
}: {
  page: number;
  pageCount: number;
  linkFor: (page: number) => To;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap justify-center gap-2">
        {pageWindow(page, pageCount).map((n) =>
          typeof n === 'string' ? (
            <li key={n} aria-hidden="true" className="inline-flex h-11 items-center px-1 text-stone-700">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={linkFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={cx(
                  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold',
                  n === page
                    ? 'bg-brand-700 text-white'
                    : 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
