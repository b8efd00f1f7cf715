import type { CleanupResult, OldRecord } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList, readStoredToken } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** How many old records the Manage tab lists by name; the count (X-Total-Count) covers them all. */
export const OLD_RECORDS_SHOWN = 50;

/** GET /api/old_records?page=1&limit=50 (admin; not fetched without a token, spec §6) → { items, total }. */
export const fetchOldRecords = (signal?: AbortSignal) =>
  apiList<OldRecord>('/api/old_records', { query: { page: 1, limit: OLD_RECORDS_SHOWN }, signal });

export const oldRecordsQueryOptions = queryOptions({
  queryKey: hubKeys.oldRecords,
  queryFn: ({ signal }) => fetchOldRecords(signal),
  enabled: () => readStoredToken() !== null,
});
export const useOldRecords = () => useQuery(oldRecordsQueryOptions);

/** DELETE /api/cleanup_old_records → { message, deleted }; every hub view may have lost rows. */
export function useCleanupOldRecords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CleanupResult>('/api/cleanup_old_records', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.all }),
  });
}
