import type { ContactStatus, ContactStatusInput } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../lib/api';
import { keepAnswer } from '../../lib/keepAnswer';

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

/** Timers fire late rather than never: setTimeout takes at most 2^31-1 ms (about 24 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The status as the hub shows it: read again the moment a closed form's reopening time passes, so the owner's
 * switch flips to open by itself while the hub stays open.
 */
export function useLiveContactStatus() {
  const client = useQueryClient();
  const status = useContactStatus();
  const reopensAt = status.data?.is_open === false ? status.data.reopens_at : null;
  useEffect(() => {
    if (!reopensAt) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, new Date(reopensAt).getTime() - Date.now()) + 500);
    const timer = setTimeout(() => client.invalidateQueries({ queryKey: contactStatusKey }), wait);
    return () => clearTimeout(timer);
  }, [client, reopensAt]);
  return status;
}

/** The owner's open/closed switch (admin); closing may carry a reopening date-time and a message. */
export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactStatusInput) =>
      apiFetch<ContactStatus>('/api/contact-status', { method: 'PATCH', body: input }),
    onSuccess: (data) => keepAnswer(client, contactStatusKey, data),
  });
}
