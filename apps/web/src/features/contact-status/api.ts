import type { ContactStatus } from '@clean/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const contactStatusQuery = {
  queryKey: ['contact-status'] as const,
  queryFn: () => apiFetch<ContactStatus>('/api/contact-status', { token: null }),
};

/** Whether the booking form is open (public). */
export const useContactStatus = () => useQuery(contactStatusQuery);

/** The owner's open/closed switch (admin). */
export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (is_open: boolean) =>
      apiFetch<ContactStatus>('/api/contact-status', { method: 'PATCH', body: { is_open } }),
    onSuccess: (data) => client.setQueryData(contactStatusQuery.queryKey, data),
  });
}
