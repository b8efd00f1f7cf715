import { defaultSiteConfig, type SiteConfig } from '@clean/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => apiFetch<SiteConfig>('/api/site-config', { signal, token: null }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** Business facts; the built-in defaults until (or unless) the server's version arrives. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(siteConfigQueryOptions);
  return data && typeof data === 'object' && data.businessName
    ? { ...defaultSiteConfig, ...data }
    : defaultSiteConfig;
}
