import type { SiteConfig, SiteSettingsInput } from '@clean/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { keepAnswer } from '../../lib/keepAnswer';
import { siteConfigQueryOptions } from '../../lib/site-config';

/** PUT /api/site-config (admin): the fields given replace those in force; answers the facts now in force. */
export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SiteSettingsInput) =>
      apiFetch<SiteConfig>('/api/site-config', { method: 'PUT', body: changes }),
    onSuccess: (saved) => keepAnswer(client, siteConfigQueryOptions.queryKey, saved),
  });
}
