import { type ReactNode, useId } from 'react';
import type { PagedSearch } from '../usePagedSearch';
import { Alert } from './Alert';
import { Pagination } from './Pagination';

/**
 * A Manage section listing records as cards: heading, search fields, the page's state (failure, loading,
 * count) and the cards with Previous / Next.
 */
export function PagedList<T extends { id: number }>({
  title,
  actions,
  search,
  paged,
  failure,
  loading,
  count,
  empty,
  notice,
  pagesLabel,
  renderItem,
}: {
  title: string;
  /** Buttons beside the heading (New…, Download CSV). */
  actions?: ReactNode;
  search?: ReactNode;
  paged: PagedSearch<T>;
  failure: (error: Error) => string;
  loading: string;
  /** The line above the cards, for the total of the search. */
  count: (total: number, more: boolean) => ReactNode;
  /** Shown alone, in place of the count and the cards, when there is nothing to list. */
  empty?: string;
  notice?: ReactNode;
  pagesLabel: string;
  renderItem: (item: T) => ReactNode;
}) {
  const headingId = useId();
  const { query, page, setPage, pageCount } = paged;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-brand-950">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap items-start gap-2">{actions}</div>}
      </div>
      {search}
      {query.isError && <Alert tone="error">{failure(query.error)}</Alert>}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          {loading}
        </p>
      )}
      {notice}
      {query.data &&
        (empty && query.data.items.length === 0 ? (
          <p className="text-stone-600">{empty}</p>
        ) : (
          <>
            <p className="text-sm text-stone-600" aria-live="polite">
              {count(query.data.total, query.data.more)}
            </p>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {query.data.items.map((item) => (
                <li key={item.id} className="min-w-0">
                  {renderItem(item)}
                </li>
              ))}
            </ul>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label={pagesLabel} />
          </>
        ))}
    </section>
  );
}
