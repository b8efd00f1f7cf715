import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Query-key roots of the owner's hub; every hub query key starts with one of these. */
export const hubKeys = {
  all: ['hub'] as const,
  inquiries: ['hub', 'inquiries'] as const,
  oneTimeCleanings: ['hub', 'one-time-cleanings'] as const,
  recurringPayments: ['hub', 'recurring-payments'] as const,
  recurringPaid: ['hub', 'recurring-paid'] as const,
  agenda: ['hub', 'agenda'] as const,
  /** Under the agenda's root: whatever makes the agenda stale makes the visits stale too. */
  visits: ['hub', 'agenda', 'visits'] as const,
  workingHours: ['hub', 'working-hours'] as const,
  summary: ['hub', 'summary'] as const,
  oldRecords: ['hub', 'old-records'] as const,
  pendingReviews: ['hub', 'reviews-pending'] as const,
};

type HubKey = Exclude<keyof typeof hubKeys, 'all'>;

/** Marks the named hub views stale; those on screen refetch at once (no page reload). */
export function invalidateHub(client: QueryClient, ...keys: HubKey[]) {
  return Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: hubKeys[key] })));
}

/** A change refused for a stale version (If-Match, 412): the record changed since the hub read it. */
export const isStale = (err: unknown) => err instanceof ApiError && err.status === 412;

/**
 * A hub mutation after which the named views are out of date. Refused as stale (412), they are out of date too:
 * read again, so the owner sees the record as it is now and decides again.
 */
export function useHubMutation<V, R>(mutationFn: (variables: V) => Promise<R>, ...stale: HubKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateHub(client, ...stale),
    onError: (err) => (isStale(err) ? invalidateHub(client, ...stale) : undefined),
  });
}
