import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Client errors (4xx) will not change on retry; everything else gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        // Offline, the hub's service worker still answers reads from its cache, and a write must fail with a
        // message at once: never paused until the connection is back (TanStack's default), i.e. queued.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
