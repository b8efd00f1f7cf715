import {
  type BookingRequestInput,
  businessDate,
  type Inquiry,
  type PublicPricing,
  type QuoteFrequency,
} from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';
import { contactStatusKey } from '../contact-status/api';

export const slotsKey = ['slots'] as const;

/** POST /api/inquiries: the public booking request (refused with 409 while the owner has closed the form). */
export function useBookingRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingRequestInput) =>
      apiFetch<Inquiry>('/api/inquiries', { method: 'POST', body: input, token: null }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: slotsKey });
      return client.invalidateQueries({ queryKey: hubKeys.inquiries });
    },
    onError: (err) => {
      // A 409: the owner closed the form meanwhile (show the closed message), or the time was just taken (offer
      // the times again).
      if (err instanceof ApiError && err.status === 409) {
        void client.invalidateQueries({ queryKey: contactStatusKey });
        void client.invalidateQueries({ queryKey: slotsKey });
      }
    },
  });
}

/** GET /api/pricing (public): the owner's price table and the tax the estimate is computed from. */
export const pricingQueryOptions = queryOptions({
  queryKey: ['pricing'],
  queryFn: ({ signal }) => apiFetch<PublicPricing>('/api/pricing', { signal, token: null }),
});
export const usePricing = () => useQuery(pricingQueryOptions);

/** GET /api/slots (public): open start times from `from` for a visit this long, free on each repeat. */
export const slotsQueryOptions = (from: string, durationMinutes: number, frequency: QuoteFrequency) =>
  queryOptions({
    queryKey: [...slotsKey, from, durationMinutes, frequency],
    queryFn: ({ signal }) =>
      apiFetch<string[]>('/api/slots', {
        signal,
        token: null,
        query: { from, duration_minutes: durationMinutes, frequency },
      }),
    // Times go fast: never keep a list long (another visitor may hold one), but keep showing the last one while
    // the next length's list loads.
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
export const useSlots = (
  from: string,
  durationMinutes: number,
  frequency: QuoteFrequency,
  enabled: boolean,
) => useQuery({ ...slotsQueryOptions(from, durationMinutes, frequency), enabled });

/**
 * The open times' first day (today in the business zone) for a visit of this length and frequency. For the list
 * the server rendered, the day it rendered it for (its query key), so hydrating the page makes no
 * Intl.DateTimeFormat: the browser's first one with a time zone loads the zone's data, 10-70 ms on a loaded machine
 * and 4x that on Lighthouse's phone, one long task before the first interaction (docs/performance.md: /contact's
 * total blocking time). Another length or frequency, chosen by the visitor, asks for today's.
 */
export function useOpenTimesFrom(timeZone: string, minutes: number, frequency: QuoteFrequency): string {
  const client = useQueryClient();
  const [rendered] = useState(() => client.getQueryCache().findAll({ queryKey: slotsKey })[0]?.queryKey);
  const [, from, renderedMinutes, renderedFrequency] = rendered ?? [];
  if (typeof from === 'string' && renderedMinutes === minutes && renderedFrequency === frequency) return from;
  return businessDate(new Date(), timeZone);
}

export const BOOKING_MESSAGES = {
  sent: 'Thank you! We received your request and will get back to you soon.',
  failed: 'Failed to send your request. Please try again.',
  network: 'Something went wrong. Please check your connection and try again.',
} as const;
