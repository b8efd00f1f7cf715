import { type OneTimeCleaning, PAGE_SIZES } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../lib/api';
import { hubKeys, invalidateHub } from '../../lib/hubKeys';

/** GET /api/one_time_cleanings?search=&page=&limit= (inquiry name or notes contain it, or "paid"). */
export const oneTimeCleaningsPageQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: [...hubKeys.oneTimeCleanings, 'page', search, page] as const,
    queryFn: ({ signal }) =>
      apiList<OneTimeCleaning>('/api/one_time_cleanings', {
        query: { search, page, limit: PAGE_SIZES.oneTimeCleanings },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** What the create form sends: the raw values; the server validates (spec §5: only input types constrain). */
export type OneTimeCleaningDraft = {
  inquiry_id: number | undefined;
  date_time: string;
  amount: string;
  paid: boolean;
  notes: string;
};

export type OneTimeCleaningChange = {
  date_time?: string;
  amount?: number;
  paid?: boolean;
  notes?: string | null;
};

// A cleaning shows on the agenda, in Manage, in the revenue summary and (when old) in the cleanup list.
const affected = ['oneTimeCleanings', 'agenda', 'summary', 'oldRecords'] as const;

export function useCreateOneTimeCleaning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: OneTimeCleaningDraft) =>
      apiFetch<OneTimeCleaning>('/api/one_time_cleanings', { method: 'POST', body: draft }),
    onSuccess: () => invalidateHub(client, ...affected),
  });
}

export function useUpdateOneTimeCleaning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: OneTimeCleaningChange }) =>
      apiFetch(`/api/one_time_cleanings/${id}`, { method: 'PATCH', body: change }),
    onSuccess: () => invalidateHub(client, ...affected),
  });
}

export function useDeleteOneTimeCleaning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/one_time_cleanings/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateHub(client, ...affected),
  });
}
