import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keeps a write's answer (the record as it now is) as the query's data. A read of the same record still in flight
 * began before the write and would land after it with the old record, undoing what the person just saw happen —
 * the hub reads everything again when its service worker takes over, often during the first tap. So that read is
 * cancelled first; a read that begins after this sees the new record anyway.
 */
export async function keepAnswer<T>(client: QueryClient, queryKey: QueryKey, answer: T): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, answer);
}
