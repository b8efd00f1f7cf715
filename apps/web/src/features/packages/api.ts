import type { Package, PackageInput } from '@clean/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const packagesKey = ['packages'] as const;

/** GET /api/packages (public). */
export const fetchPackages = (signal?: AbortSignal) =>
  apiFetch<Package[]>('/api/packages', { signal, token: null });

export const packagesQueryOptions = queryOptions({
  queryKey: packagesKey,
  queryFn: ({ signal }) => fetchPackages(signal),
});
export const usePackages = () => useQuery(packagesQueryOptions);

/** POST /api/packages, or PUT /api/packages/{id} when editing (admin). */
export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PackageInput }) =>
      id === null
        ? apiFetch<Package>('/api/packages', { method: 'POST', body: input })
        : apiFetch<Package>(`/api/packages/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: packagesKey }),
  });
}

/** DELETE /api/packages/{id} (admin). */
export function useDeletePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/packages/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: packagesKey }),
  });
}

export const PACKAGE_MESSAGES = {
  loadFailed: 'Failed to load packages. Please try again later.',
  confirmDelete: 'Are you sure you want to delete this package?',
  // The original client only logged these; a silent failure would lose the owner's work
  // (docs/product.md#compatibility).
  saveFailed: 'Failed to save the package. Please try again.',
  deleteFailed: 'Failed to delete the package. Please try again.',
} as const;
