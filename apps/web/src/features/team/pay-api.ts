import type { PayReport } from '@clean/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { hubKeys } from '../../lib/hubKeys';

/** The first and last business dates of a month `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** GET /api/team/{id}/pay for one month. */
export const payReportQueryOptions = (memberId: number, month: string) =>
  queryOptions({
    queryKey: [...hubKeys.all, 'team', memberId, 'pay', month] as const,
    queryFn: ({ signal }) =>
      apiFetch<PayReport>(`/api/team/${memberId}/pay`, { query: monthRange(month), signal }),
  });
export const usePayReport = (memberId: number, month: string) =>
  useQuery(payReportQueryOptions(memberId, month));
