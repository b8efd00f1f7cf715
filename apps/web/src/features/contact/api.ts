import type { BookingRequestInput, Inquiry } from '@clean/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';
import { contactStatusKey } from '../contact-status/api';

/** POST /api/inquiries: the public booking request (refused with 409 while the owner has closed the form). */
export function useBookingRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingRequestInput) =>
      apiFetch<Inquiry>('/api/inquiries', { method: 'POST', body: input, token: null }),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.inquiries }),
    onError: (err) => {
      // A 409 means the owner closed the form meanwhile: show the closed message instead.
      if (err instanceof ApiError && err.status === 409) {
        void client.invalidateQueries({ queryKey: contactStatusKey });
      }
    },
  });
}

export const BOOKING_MESSAGES = {
  sent: 'Thank you! We received your request and will get back to you soon.',
  failed: 'Failed to send your request. Please try again.',
  network: 'Something went wrong. Please check your connection and try again.',
} as const;
