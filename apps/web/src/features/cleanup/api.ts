import type { CleanupJob, CleanupResult, OldRecord } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList, readStoredToken } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** How many old records the Manage tab lists by name; the count (X-Total-Count) covers them all. */
export const OLD_RECORDS_SHOWN = 50;

/**
 * GET /api/old_records?page=1&limit=50 (admin; not fetched without a token, docs/product.md#privacy-and-access)
 * → { items, total }.
 */
export const fetchOldRecords = (signal?: AbortSignal) =>
  apiList<OldRecord>('/api/old_records', { query: { page: 1, limit: OLD_RECORDS_SHOWN }, signal });

export const oldRecordsQueryOptions = queryOptions({
  queryKey: hubKeys.oldRecords,
  queryFn: ({ signal }) => fetchOldRecords(signal),
  enabled: () => readStoredToken() !== null,
});
export const useOldRecords = () => useQuery(oldRecordsQueryOptions);

/** How often the hub asks about a cleanup still running in the background. */
const CLEANUP_POLL_MS = 1000;

/**
 * DELETE /api/cleanup_old_records → { message, deleted }; a long one (ten years of records) answers 202 with its
 * job, followed until it is done, so the button says 'Deleting...' throughout. Every hub view may have lost rows.
 */
async function cleanupOldRecords(): Promise<CleanupResult> {
  const answer = await apiFetch<CleanupResult | CleanupJob>('/api/cleanup_old_records', { method: 'DELETE' });
  if (!('id' in answer)) return answer;
  for (let job = answer; ; ) {
    if (job.done) {
      if (job.error !== undefined || job.message === undefined)
        throw new Error(job.error ?? 'cleanup failed');
      return { message: job.message, deleted: job.deleted };
    }
    await new Promise((resolve) => setTimeout(resolve, CLEANUP_POLL_MS));
    job = await apiFetch<CleanupJob>(`/api/cleanup_old_records/${job.id}`);
  }
}

export function useCleanupOldRecords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cleanupOldRecords,
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.all }),
  });
}
