import type { ContactStatus, ContactStatusInput } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const contactStatusKey = ['contact-status'] as const;

/** GET /api/contact-status (public). */
export const fetchContactStatus = (signal?: AbortSignal) =>
  apiFetch<ContactStatus>('/api/contact-status', { token: null, signal });

export const contactStatusQueryOptions = queryOptions({
  queryKey: contactStatusKey,
  queryFn: ({ signal }) => fetchContactStatus(signal),
});

/** Whether the booking form is open (public); while closed, maybe until when and why. */
export const useContactStatus = () => useQuery(contactStatusQueryOptions);

/** The owner's open/closed switch (admin); closing may carry a reopening date-time and a message. */
export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactStatusInput) =>
      apiFetch<ContactStatus>('/api/contact-status', { method: 'PATCH', body: input }),
    onSuccess: (data) => client.setQueryData(contactStatusKey, data),
  });
}
