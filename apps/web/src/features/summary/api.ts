import type { PaidSummary } from '@clean/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** GET /api/total_paid_cleanings_summary (admin). */
export const fetchSummary = (signal?: AbortSignal) =>
  apiFetch<PaidSummary>('/api/total_paid_cleanings_summary', { signal });

export const summaryQueryOptions = queryOptions({
  queryKey: hubKeys.summary,
  queryFn: ({ signal }) => fetchSummary(signal),
});
export const useRevenueSummary = () => useQuery(summaryQueryOptions);
