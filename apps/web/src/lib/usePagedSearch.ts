import { DELAYS } from '@clean/shared';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { pageCountOf } from './ui/Pagination';
import { useDebouncedValue } from './useDebouncedValue';

/** One page of a list and the count of all its items (what `apiList` answers); `more`: past the count's cap. */
export type ListPage<T> = { items: T[]; total: number; more: boolean };

export type PagedSearch<T> = {
  query: UseQueryResult<ListPage<T>, Error>;
  page: number;
  setPage: (page: number) => void;
  pageCount: number;
};

/**
 * A server-side list searched by `typed` (any JSON value: a string, an object of filters, or null for
 * none) and read a page at a time.
 */
export function usePagedSearch<F, T, K extends QueryKey>(
  typed: F,
  pageQuery: (filters: F, page: number) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, K>,
  pageSize: number,
): PagedSearch<T> {
  const [page, setPage] = useState(1);
  // Debounced as text: a fresh filters object would restart the timer on every render.
  const filterKey = useDebouncedValue(JSON.stringify(typed), DELAYS.nameSearchDebounceMs);
  const filters = useMemo(() => JSON.parse(filterKey) as F, [filterKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPage(1), [filterKey]);

  const query = useQuery(pageQuery(filters, page));
  const counted = pageCountOf(query.data?.total ?? 0, pageSize);
  // Past COUNT_CAP matches the total is only a floor ("1000+"): while a page comes back full, a next one may
  // follow, so paging goes on beyond the counted pages.
  const pageCount = !query.data?.more
    ? counted
    : Math.max(counted, query.data.items.length === pageSize ? page + 1 : page);
  // When the last card of the last page goes (deleted, approved), move back a page.
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return { query, page, setPage, pageCount };
}
