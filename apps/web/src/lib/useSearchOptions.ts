import { DELAYS } from '@clean/shared';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SearchOption } from './ui/SearchSelect';
import { useDebouncedValue } from './useDebouncedValue';

/** What a SearchSelect needs for options from the server: the options for the text typed so far. */
export function useSearchOptions<D, K extends QueryKey>(
  optionsQuery: (name: string) => UseQueryOptions<D, Error, SearchOption[], K>,
) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, DELAYS.nameSearchDebounceMs);
  const query = useQuery(optionsQuery(debounced.trim()));
  return {
    options: query.data ?? [],
    // Still typing counts as loading, so 'No matches' never shows for text not yet asked about.
    loading: query.isFetching || search !== debounced,
    failed: query.isError,
    onSearch: setSearch,
  };
}
