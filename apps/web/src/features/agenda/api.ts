import type { CleaningDatesSummary } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** GET /api/cleaning_dates_summary?from=&to=: only what the calendar shows. */
export const agendaQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...hubKeys.agenda, range.from, range.to] as const,
    queryFn: ({ signal }) =>
      apiFetch<CleaningDatesSummary>('/api/cleaning_dates_summary', { query: range, signal }),
    placeholderData: keepPreviousData,
  });

const feedKey = [...hubKeys.agenda, 'feed'] as const;

/** GET /api/calendar_feed: the secret address of the owner's calendar feed. */
export const calendarFeedQuery = queryOptions({
  queryKey: feedKey,
  queryFn: ({ signal }) => apiFetch<{ url: string }>('/api/calendar_feed', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /api/calendar_feed/rotate: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/calendar_feed/rotate', { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(feedKey, data),
  });
}
