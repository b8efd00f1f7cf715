import type { Pricing, PricingInput } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api';
import { keepAnswer } from '../../lib/keepAnswer';

export const pricingKey = ['pricing'] as const;

/** GET /api/pricing (public): the owner's price table; null while none has been saved (a 404). */
export async function fetchPricing(signal?: AbortSignal): Promise<Pricing | null> {
  try {
    return await apiFetch<Pricing>('/api/pricing', { signal, token: null });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const pricingQueryOptions = queryOptions({
  queryKey: pricingKey,
  queryFn: ({ signal }) => fetchPricing(signal),
});
export const usePricing = () => useQuery(pricingQueryOptions);

/** PUT /api/pricing (admin): the whole table replaces the one in force; answers the table now in force. */
export function useSavePricing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pricing: PricingInput) =>
      apiFetch<Pricing>('/api/pricing', { method: 'PUT', body: pricing }),
    onSuccess: (saved) => keepAnswer(client, pricingKey, saved),
  });
}
