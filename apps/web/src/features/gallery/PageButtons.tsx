import { cx } from '../../lib/ui/cx';

/** Numbered page buttons (the current one marked aria-current); hidden for a single page. */
export function PageButtons({
  page,
  pageCount,
  onPageChange,
  label,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap justify-center gap-2">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button
              type="button"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPageChange(n)}
              className={cx(
                'h-11 min-w-11 rounded-full px-3 text-sm font-semibold',
                n === page
                  ? 'bg-brand-700 text-white'
                  : 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
              )}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
