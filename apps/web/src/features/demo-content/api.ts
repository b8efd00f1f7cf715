import type { DemoContentStatus } from '@clean/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

const demoContentKey = ['demo-content'] as const;

/** GET /api/demo-content (owner): whether the site still shows the demo content of a first start. */
export const useDemoContent = () =>
  useQuery({
    queryKey: demoContentKey,
    queryFn: ({ signal }) => apiFetch<DemoContentStatus>('/api/demo-content', { signal }),
  });

/** DELETE /api/demo-content (owner): every demo record goes; every list the hub shows is read again. */
export function useRemoveDemoContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/demo-content', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries(),
  });
}
