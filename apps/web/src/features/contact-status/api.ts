import type { ContactStatus, ContactStatusInput } from '@clean/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const contactStatusQuery = {
  queryKey: ['contact-status'] as const,
  queryFn: () => apiFetch<ContactStatus>('/api/contact-status', { token: null }),
};

/** Whether the booking form is open (public); while closed, maybe until when and why. */
export const useContactStatus = () => useQuery(contactStatusQuery);

/** The owner's open/closed switch (admin); closing may carry a reopening date-time and a message. */
export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactStatusInput) =>
      apiFetch<ContactStatus>('/api/contact-status', { method: 'PATCH', body: input }),
    onSuccess: (data) => client.setQueryData(contactStatusQuery.queryKey, data),
  });
}
