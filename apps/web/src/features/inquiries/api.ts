import { type AdminInquiryInput, type Inquiry, type InquiryPatch, ifMatch, PAGE_SIZES } from '@clean/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList } from '../../lib/api';
import { hubKeys, invalidateHub, isStale } from '../../lib/hubKeys';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { useSearchOptions } from '../../lib/useSearchOptions';

export const LEADS_POLL_MS = 30_000;

export type InquiryFilters = { name: string; phone_number: string; status: string };

/** One page of inquiries, filtered in the database (GET /api/inquiries?name=&phone_number=&status=&page=&limit=). */
export const fetchInquiriesPage = (filters: InquiryFilters, page: number, signal?: AbortSignal) =>
  apiList<Inquiry>('/api/inquiries', {
    query: { ...filters, page, limit: PAGE_SIZES.inquiries },
    signal,
  });

export const inquiriesPageQueryOptions = (filters: InquiryFilters, page: number) =>
  queryOptions({
    queryKey: [...hubKeys.inquiries, 'page', filters, page] as const,
    queryFn: ({ signal }) => fetchInquiriesPage(filters, page, signal),
    placeholderData: keepPreviousData,
    // A new booking request shows up while the hub is open: read again whenever the window regains focus
    // (never "fresh enough" to skip that) and polled lightly while the tab is visible.
    staleTime: 0,
    refetchInterval: LEADS_POLL_MS,
  });

const OPTIONS_LIMIT = 20;

/** Inquiries whose name contains `name`, for the searchable selectors of the create forms. */
export const fetchInquiryOptions = (name: string, signal?: AbortSignal) =>
  apiList<Inquiry>('/api/inquiries', { query: { name, page: 1, limit: OPTIONS_LIMIT }, signal });

export const inquiryOptionsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...hubKeys.inquiries, 'options', name] as const,
    queryFn: ({ signal }) => fetchInquiryOptions(name, signal),
    select: ({ items }): SearchOption[] =>
      items.map((inquiry) => ({
        value: inquiry.id,
        label: inquiry.name,
        detail: [inquiry.email, inquiry.status].filter(Boolean).join(' · '),
      })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Options for an inquiry selector plus the search callback it needs. */
export const useInquiryOptions = () => useSearchOptions(inquiryOptionsQueryOptions);

/** POST /api/inquiries with the admin's token: a phone lead (any status, no notification). */
export function useCreateInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminInquiryInput) =>
      apiFetch<Inquiry>('/api/inquiries', { method: 'POST', body: input }),
    onSuccess: () => invalidateHub(client, 'inquiries'),
  });
}

/** PATCH /api/inquiries/{id}: the full edit or the status dropdown alone. */
export function useUpdateInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, patch }: { id: number; version: string; patch: InquiryPatch }) =>
      apiFetch(`/api/inquiries/${id}`, { method: 'PATCH', body: patch, headers: ifMatch(version) }),
    // Refused as stale (412): read again, so the owner sees the inquiry as it is now.
    onError: (err) => (isStale(err) ? invalidateHub(client, 'inquiries') : undefined),
    onSuccess: (_data, { patch }) =>
      'name' in patch || 'phone_number' in patch
        ? // The name and phone also show on cleanings, schedules, paid records and the agenda.
          invalidateHub(
            client,
            'inquiries',
            'oneTimeCleanings',
            'recurringPayments',
            'recurringPaid',
            'agenda',
          )
        : invalidateHub(client, 'inquiries'),
  });
}

/**
 * DELETE /api/inquiries/{id}. The server refuses (409) while cleanings or schedules refer to it;
 * `withDependants` (after a second confirmation) deletes those too.
 */
export function useDeleteInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, withDependants }: { id: number; version: string; withDependants: boolean }) =>
      apiFetch(`/api/inquiries/${id}`, {
        method: 'DELETE',
        headers: ifMatch(version),
        query: withDependants ? { with_dependants: 'true' } : undefined,
      }),
    onError: (err) => (isStale(err) ? invalidateHub(client, 'inquiries') : undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.all }),
  });
}

/**
 * One inquiry, for the Agenda's request panel (its quote's lines): the API reads inquiries only as a list, so this
 * searches its name, newest first, and picks the id. A request is at most a few days old, so it is on the first page.
 */
export const inquiryQueryOptions = (id: number, name: string) =>
  queryOptions({
    queryKey: [...hubKeys.inquiries, 'one', id] as const,
    queryFn: async ({ signal }) => {
      const { items } = await apiList<Inquiry>('/api/inquiries', {
        query: { name, page: 1, limit: 20 },
        signal,
      });
      return items.find((inquiry) => inquiry.id === id) ?? null;
    },
  });

/** At most this many new requests are listed on the Agenda; the count on its tab is the server's total. */
const NEW_INQUIRIES_LISTED = 100;

/** GET /api/inquiries?status=New Inquiry: the requests the owner has not answered yet, and how many there are. */
export const newInquiriesQueryOptions = queryOptions({
  queryKey: [...hubKeys.inquiries, 'new'] as const,
  queryFn: ({ signal }) =>
    apiList<Inquiry>('/api/inquiries', {
      query: { status: 'New Inquiry', page: 1, limit: NEW_INQUIRIES_LISTED },
      signal,
    }),
});
export const useNewInquiries = () => useQuery(newInquiriesQueryOptions);
