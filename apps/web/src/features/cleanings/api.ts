import {
  ifMatch,
  type OneTimeCleaning,
  type OneTimeCleaningInput,
  type oneTimeCleaningPatch,
  PAGE_SIZES,
} from '@clean/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiList } from '../../lib/api';
import { hubKeys, useHubMutation } from '../../lib/hubKeys';

/** GET /api/one_time_cleanings?search=&page=&limit= (inquiry name or notes contain it, or "paid"). */
export const fetchOneTimeCleaningsPage = (search: string, page: number, signal?: AbortSignal) =>
  apiList<OneTimeCleaning>('/api/one_time_cleanings', {
    query: { search, page, limit: PAGE_SIZES.oneTimeCleanings },
    signal,
  });

export const oneTimeCleaningsPageQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...hubKeys.oneTimeCleanings, 'page', search, page] as const,
    queryFn: ({ signal }) => fetchOneTimeCleaningsPage(search, page, signal),
    placeholderData: keepPreviousData,
  });

/**
 * What the create form sends: the raw values; the server validates (only input types constrain:
 * docs/product.md#create-cleaning).
 */
export type OneTimeCleaningDraft = Omit<OneTimeCleaningInput, 'inquiry_id'> & {
  inquiry_id: number | undefined;
};

// A cleaning shows on the agenda, in Manage, in the revenue summary and (when old) in the cleanup list.
const affected = ['oneTimeCleanings', 'agenda', 'summary', 'oldRecords'] as const;

export const useCreateOneTimeCleaning = () =>
  useHubMutation(
    (draft: OneTimeCleaningDraft) =>
      apiFetch<OneTimeCleaning>('/api/one_time_cleanings', { method: 'POST', body: draft }),
    ...affected,
  );

export const useUpdateOneTimeCleaning = () =>
  useHubMutation(
    ({
      id,
      version,
      change,
    }: {
      id: number;
      version: string;
      change: z.input<typeof oneTimeCleaningPatch>;
    }) =>
      apiFetch<OneTimeCleaning>(`/api/one_time_cleanings/${id}`, {
        method: 'PATCH',
        body: change,
        headers: ifMatch(version),
      }),
    ...affected,
  );

export const useDeleteOneTimeCleaning = () =>
  useHubMutation(
    ({ id, version }: { id: number; version: string }) =>
      apiFetch(`/api/one_time_cleanings/${id}`, { method: 'DELETE', headers: ifMatch(version) }),
    ...affected,
  );
