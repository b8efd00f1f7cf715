import type { LeadSources, PaidSummary } from '@clean/shared';
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

/** GET /api/summary/lead_sources (admin): per source over the revenue summary's 12 months. */
export const fetchLeadSources = (signal?: AbortSignal) =>
  apiFetch<LeadSources>('/api/summary/lead_sources', { signal });

export const leadSourcesQueryOptions = queryOptions({
  // Under the summary's key: whatever makes the revenue stale (a payment, a confirmed request) makes this stale.
  queryKey: [...hubKeys.summary, 'lead-sources'] as const,
  queryFn: ({ signal }) => fetchLeadSources(signal),
});
export const useLeadSources = () => useQuery(leadSourcesQueryOptions);
