import type { CleaningDatesSummary } from '@clean/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
