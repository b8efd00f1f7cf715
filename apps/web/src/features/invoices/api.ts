import {
  type Invoice,
  type InvoiceStatus,
  PAYMENT_METHOD,
  type PaymentMethod,
  type Receivables,
  type SalesTaxReport,
} from '@clean/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../lib/api';

const invoicesKey = ['invoices'] as const;

/** GET /api/invoices (owner): newest first, by status and overdue. */
export const invoiceListOptions = (status: InvoiceStatus | '', overdue: boolean) =>
  queryOptions({
    queryKey: [...invoicesKey, 'list', status, overdue],
    queryFn: ({ signal }) =>
      apiFetch<Invoice[]>('/api/invoices', {
        signal,
        query: { status, overdue: overdue ? 'true' : '', limit: 50, page: 1 },
      }),
  });

/** GET /api/summary/receivables (owner). */
export const receivablesOptions = queryOptions({
  queryKey: [...invoicesKey, 'receivables'],
  queryFn: ({ signal }) => apiFetch<Receivables>('/api/summary/receivables', { signal }),
});

export type InvoiceAction =
  | { kind: 'issue' }
  | { kind: 'resend' }
  | { kind: 'void'; reason: string; notify_customer: boolean }
  | { kind: 'pay'; amount: number; method: PaymentMethod; received_on: string };

/** Issue, resend, void or record a payment: every list and the receivables follow. */
export function useInvoiceAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: InvoiceAction) => {
      const path = `/api/invoices/${id}`;
      if (action.kind === 'issue') return apiFetch<Invoice>(`${path}/issue`, { method: 'POST' });
      if (action.kind === 'resend') return apiFetch<Invoice>(`${path}/resend`, { method: 'POST' });
      const { kind, ...body } = action;
      return apiFetch<Invoice>(`${path}/${kind === 'void' ? 'void' : 'payments'}`, { method: 'POST', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** GET /api/reports/sales-tax (owner): by month of issue, from..to both included. */
export const salesTaxOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...invoicesKey, 'sales-tax', from, to],
    queryFn: ({ signal }) =>
      apiFetch<SalesTaxReport>('/api/reports/sales-tax', { signal, query: { from, to } }),
  });

const METHOD_KEY = 'hub.payment-method';

/**
 * The payment method the owner picked last on this device (the Agenda's Done & paid, an invoice's Paid in full),
 * cash at first: most customers pay the same way every time.
 */
export function useLastPaymentMethod(): [PaymentMethod, (method: PaymentMethod) => void] {
  const [method, setMethod] = useState<PaymentMethod>(() => {
    const saved = window.localStorage.getItem(METHOD_KEY);
    return PAYMENT_METHOD.find((m) => m === saved) ?? 'cash';
  });
  const choose = (next: PaymentMethod) => {
    setMethod(next);
    window.localStorage.setItem(METHOD_KEY, next);
  };
  return [method, choose];
}
