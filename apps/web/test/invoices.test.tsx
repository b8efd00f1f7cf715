import type { Invoice } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoicesSection } from '../src/features/invoices/InvoicesSection';
import { periodOf } from '../src/features/invoices/SalesTaxReport';
import { stubFetch } from './utils';

const INVOICE: Invoice = {
  id: 7,
  number: '2027-0007',
  status: 'partially_paid',
  overdue: true,
  inquiry_id: 3,
  bill_to: { name: 'Maria Gonzalez', email: 'maria@example.com', address: 'Bristol' },
  issued_on: '2027-03-01',
  due_on: '2027-03-08',
  lines: [
    {
      description: 'Deep clean',
      quantity: 1,
      unit_amount: 150,
      amount: 150,
      taxable: true,
      visit_key: null,
      date: '2027-03-01',
    },
  ],
  subtotal: 150,
  discount: 0,
  tax_rate_percent: 6.35,
  tax_label: 'CT sales tax',
  tax: 9.53,
  total: 159.53,
  paid: 50,
  amount_due: 109.53,
  tips: 0,
  notes: null,
  void_reason: null,
  payments: [{ id: 1, amount: 50, method: 'zelle', received_on: '2027-03-02', tip: 0, note: null }],
};

describe('the hub’s Invoices', () => {
  it('lists invoices with what is owed, and records the rest as paid in full in one tap', async () => {
    const fetchMock = stubFetch({
      'GET /api/invoices': { body: [INVOICE] },
      'GET /api/summary/receivables': {
        body: { outstanding: 109.53, overdue: 109.53, tips_this_month: 12, aging: {} },
      },
      'POST /api/invoices/7/payments': { status: 201, body: { ...INVOICE, status: 'paid', amount_due: 0 } },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InvoicesSection />
      </QueryClientProvider>,
    );
    const owed = await screen.findByLabelText('Money owed');
    expect(owed.textContent).toContain('$109.53');
    expect(owed.textContent).toContain('$12.00');
    const list = await screen.findByRole('list', { name: 'Invoices' });
    expect(list.textContent).toContain('2027-0007 · Maria Gonzalez');
    expect(list.textContent).toContain('overdue');
    fireEvent.click(within(list).getByRole('button', { name: /2027-0007/ }));
    const panel = await screen.findByRole('article', { name: 'Invoice 2027-0007' });
    fireEvent.change(within(panel).getByLabelText('Paid by'), { target: { value: 'check' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Paid in full' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Paid in full by check.'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/invoices/7/payments');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ amount: 109.53, method: 'check' });
  });

  it('resends the invoice and says to whom; voids with the customer told unless unticked', async () => {
    const posts: Array<[string, unknown]> = [];
    const record = (init: RequestInit, url: URL) => {
      posts.push([url.pathname, init.body ? JSON.parse(String(init.body)) : null]);
      return { body: INVOICE };
    };
    stubFetch({
      'GET /api/invoices': { body: [INVOICE] },
      'GET /api/summary/receivables': { body: { outstanding: 0, overdue: 0, tips_this_month: 0, aging: {} } },
      'POST /api/invoices/7/resend': record,
      'POST /api/invoices/7/void': record,
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InvoicesSection />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /2027-0007/ }));
    const panel = await screen.findByRole('article', { name: 'Invoice 2027-0007' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Sent again to maria@example.com.'),
    );
    fireEvent.change(within(panel).getByLabelText('Reason to void'), { target: { value: 'Wrong home' } });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Tell the customer' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Voided.'));
    expect(posts).toEqual([
      ['/api/invoices/7/resend', null],
      ['/api/invoices/7/void', { reason: 'Wrong home', notify_customer: false }],
    ]);
  });

  it('shows the sales-tax report for the period chosen: a month, a quarter or a year', async () => {
    const asked: string[] = [];
    stubFetch({
      'GET /api/invoices': { body: [] },
      'GET /api/reports/sales-tax': (_init, url) => {
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        return {
          body: {
            months: [
              { month: '2027-01', gross_sales: 140, taxable_sales: 100, non_taxable_sales: 40, tax: 6.35 },
            ],
            totals: { gross_sales: 140, taxable_sales: 100, non_taxable_sales: 40, tax: 6.35 },
          },
        };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InvoicesSection />
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByLabelText('From month'), { target: { value: '2027-01' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '3' } });
    const table = await screen.findByRole('table', { name: 'Sales tax report' });
    await waitFor(() => expect(asked).toContain('2027-01-01..2027-03-31'));
    expect(table.textContent).toContain('$6.35');
    expect(periodOf('2028-02', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('2027-10', 12)).toEqual({ from: '2027-10-01', to: '2028-09-30' });
  });
});
