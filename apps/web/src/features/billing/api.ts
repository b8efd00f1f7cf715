import type { BillingSettings, BillingSettingsInput } from '@clean/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { keepAnswer } from '../../lib/keepAnswer';

/** GET /api/billing (owner): tax, terms and how customers pay. */
export const billingQueryOptions = queryOptions({
  queryKey: ['billing'],
  queryFn: ({ signal }) => apiFetch<BillingSettings>('/api/billing', { signal }),
});

/** PUT /api/billing (owner): the whole document; answers the settings now in force. */
export function useSaveBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: BillingSettingsInput) =>
      apiFetch<BillingSettings>('/api/billing', { method: 'PUT', body: settings }),
    onSuccess: async (saved) => {
      await keepAnswer(client, billingQueryOptions.queryKey, saved);
      // The booking form's estimate shows the tax: its price table read carries the rule.
      return client.invalidateQueries({ queryKey: ['pricing'] });
    },
  });
}
