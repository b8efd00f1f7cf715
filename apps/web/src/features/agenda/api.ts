import type { CleaningDatesSummary } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** GET /api/cleaning_dates_summary?from=&to=: only what the calendar shows. */
export const fetchAgenda = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiFetch<CleaningDatesSummary>('/api/cleaning_dates_summary', { query: range, signal });

export const agendaQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...hubKeys.agenda, range.from, range.to] as const,
    queryFn: ({ signal }) => fetchAgenda(range, signal),
    placeholderData: keepPreviousData,
  });
export const useAgenda = (range: { from: string; to: string }) => useQuery(agendaQueryOptions(range));

const feedKey = [...hubKeys.agenda, 'feed'] as const;

/** GET /api/calendar_feed: the secret address of the owner's calendar feed. */
export const fetchCalendarFeed = (signal?: AbortSignal) =>
  apiFetch<{ url: string }>('/api/calendar_feed', { signal });

export const calendarFeedQueryOptions = queryOptions({
  queryKey: feedKey,
  queryFn: ({ signal }) => fetchCalendarFeed(signal),
  staleTime: Number.POSITIVE_INFINITY,
});
export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions);

/** POST /api/calendar_feed/rotate: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/calendar_feed/rotate', { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(feedKey, data),
  });
}
