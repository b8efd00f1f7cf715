import type { FailedMessages } from '@clean/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** GET /api/outbox/failed: messages (mail, push, text) the server gave up sending. */
export const failedMessagesQueryOptions = queryOptions({
  queryKey: [...hubKeys.all, 'outbox-failed'] as const,
  queryFn: ({ signal }) => apiFetch<FailedMessages>('/api/outbox/failed', { signal }),
});
export const useFailedMessages = () => useQuery(failedMessagesQueryOptions);
