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

/** One source's last 12 months: booking requests, how many were booked, and what those paid. */
export type LeadSourceRow = {
  /** A "How did you hear about us?" answer, or null when the visitor gave none. */
  source: string | null;
  requests: number;
  booked: number;
  revenue: number;
};

/** GET /api/summary/lead_sources (admin): per source over the last 12 months. */
export const fetchLeadSources = async (signal?: AbortSignal): Promise<LeadSourceRow[]> => {
  const data = await apiFetch<LeadSourceRow[] | { sources: LeadSourceRow[] }>('/api/summary/lead_sources', {
    signal,
  });
  return Array.isArray(data) ? data : data.sources;
};

export const leadSourcesQueryOptions = queryOptions({
  // Under the summary's key: whatever makes the revenue stale (a payment, a confirmed request) makes this stale.
  queryKey: [...hubKeys.summary, 'lead-sources'] as const,
  queryFn: ({ signal }) => fetchLeadSources(signal),
});
export const useLeadSources = () => useQuery(leadSourcesQueryOptions);
