import {
  formatMoney,
  ifMatch,
  type OverduePayment,
  PAGE_SIZES,
  type RecurringPaid,
  type RecurringPaidInput,
  type RecurringPayment,
  type RecurringPaymentInput,
  type recurringPaidPatch,
  type recurringPaymentPatch,
} from '@clean/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiList } from '../../lib/api';
import { hubKeys, useHubMutation } from '../../lib/hubKeys';
import type { SearchOption } from '../../lib/ui/SearchSelect';
import { useSearchOptions } from '../../lib/useSearchOptions';

// ——— Recurring payment schedules ———

export type ScheduleFilters = { inquiry_name: string; frequency: string; notes: string };

/** GET /api/recurring_payments?inquiry_name=&frequency=&notes=&page=&limit= */
export const fetchSchedulesPage = (filters: ScheduleFilters, page: number, signal?: AbortSignal) =>
  apiList<RecurringPayment>('/api/recurring_payments', {
    query: { ...filters, page, limit: PAGE_SIZES.recurringPayments },
    signal,
  });

export const schedulesPageQueryOptions = (filters: ScheduleFilters, page: number) =>
  queryOptions({
    queryKey: [...hubKeys.recurringPayments, 'page', filters, page] as const,
    queryFn: ({ signal }) => fetchSchedulesPage(filters, page, signal),
    placeholderData: keepPreviousData,
  });

/** Schedules whose inquiry name contains `name`, labelled by that name ('Select Client for Payment'). */
export const fetchScheduleOptions = (name: string, signal?: AbortSignal) =>
  apiList<RecurringPayment>('/api/recurring_payments', {
    query: { inquiry_name: name, page: 1, limit: 20 },
    signal,
  });

export const scheduleOptionsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...hubKeys.recurringPayments, 'options', name] as const,
    queryFn: ({ signal }) => fetchScheduleOptions(name, signal),
    select: ({ items }): SearchOption[] =>
      items.map((schedule) => ({
        value: schedule.id,
        label: schedule.inquiry_name,
        detail: [schedule.frequency, formatMoney(schedule.amount)].filter(Boolean).join(' · '),
      })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useScheduleOptions = () => useSearchOptions(scheduleOptionsQueryOptions);

export type ScheduleDraft = Omit<RecurringPaymentInput, 'inquiry_id'> & { inquiry_id: number | undefined };

/** GET /api/recurring_payments/overdue: schedules late by more than a period plus 3 days. */
export const fetchOverduePayments = (signal?: AbortSignal) =>
  apiFetch<OverduePayment[]>('/api/recurring_payments/overdue', { signal });

export const overdueQueryOptions = queryOptions({
  queryKey: [...hubKeys.recurringPayments, 'overdue'] as const,
  queryFn: ({ signal }) => fetchOverduePayments(signal),
});
export const useOverduePayments = () => useQuery(overdueQueryOptions);

// A schedule's visits show on the agenda (the visits' key is under the agenda's).
const scheduleAffects = ['recurringPayments', 'agenda'] as const;

export const useCreateSchedule = () =>
  useHubMutation(
    (draft: ScheduleDraft) =>
      apiFetch<RecurringPayment>('/api/recurring_payments', { method: 'POST', body: draft }),
    ...scheduleAffects,
  );

export const useUpdateSchedule = () =>
  useHubMutation(
    ({
      id,
      version,
      change,
    }: {
      id: number;
      version: string;
      change: z.input<typeof recurringPaymentPatch>;
    }) =>
      apiFetch<RecurringPayment>(`/api/recurring_payments/${id}`, {
        method: 'PATCH',
        body: change,
        headers: ifMatch(version),
      }),
    ...scheduleAffects,
  );

export const useDeleteSchedule = () =>
  useHubMutation(
    ({ id, version, withDependants }: { id: number; version: string; withDependants: boolean }) =>
      apiFetch(`/api/recurring_payments/${id}`, {
        method: 'DELETE',
        headers: ifMatch(version),
        query: withDependants ? { with_dependants: 'true' } : undefined,
      }),
    'recurringPayments',
    'recurringPaid',
    'agenda',
    'summary',
    'oldRecords',
  );

// ——— Recurring paid records ———

/** GET /api/recurring_paid?name=&page=&limit= */
export const fetchPaidPage = (name: string, page: number, signal?: AbortSignal) =>
  apiList<RecurringPaid>('/api/recurring_paid', {
    query: { name, page, limit: PAGE_SIZES.recurringPaid },
    signal,
  });

export const paidPageQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: [...hubKeys.recurringPaid, 'page', name, page] as const,
    queryFn: ({ signal }) => fetchPaidPage(name, page, signal),
    placeholderData: keepPreviousData,
  });

/** dates_related travels as a list of datetime-local strings (business wall time). */
export type PaidDraft = Omit<RecurringPaidInput, 'recurring_payment_id'> & {
  recurring_payment_id: number | undefined;
};

// recurringPayments: a payment can take a schedule off the overdue list.
const paidAffects = ['recurringPaid', 'recurringPayments', 'agenda', 'summary', 'oldRecords'] as const;

export const useCreatePaid = () =>
  useHubMutation(
    (draft: PaidDraft) => apiFetch<RecurringPaid>('/api/recurring_paid', { method: 'POST', body: draft }),
    ...paidAffects,
  );

export const useUpdatePaid = () =>
  useHubMutation(
    ({ id, change }: { id: number; change: z.input<typeof recurringPaidPatch> }) =>
      apiFetch(`/api/recurring_paid/${id}`, { method: 'PATCH', body: change }),
    ...paidAffects,
  );

export const useDeletePaid = () =>
  useHubMutation((id: number) => apiFetch(`/api/recurring_paid/${id}`, { method: 'DELETE' }), ...paidAffects);
