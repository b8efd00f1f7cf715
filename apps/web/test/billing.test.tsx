import { DEFAULT_BILLING } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillingSection } from '../src/features/billing/BillingSection';
import { stubFetch } from './utils';

const renderBilling = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BillingSection />
    </QueryClientProvider>,
  );

describe('the hub’s Billing settings', () => {
  it('shows the settings and saves the whole document', async () => {
    const fetchMock = stubFetch({
      'GET /api/billing': { body: DEFAULT_BILLING },
      'PUT /api/billing': (init) => ({ body: JSON.parse(String(init.body)) }),
    });
    renderBilling();
    const form = await screen.findByRole('form', { name: 'Billing' });
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    expect(field('Sales tax rate (%)').value).toBe('6.35');
    expect(field('Tax label').value).toBe('CT sales tax');
    expect(field('Remind late payers (days after due)').value).toBe('3, 10');
    fireEvent.change(field('Days to pay'), { target: { value: '14' } });
    fireEvent.change(field('Payment link'), { target: { value: 'https://pay.example.com/x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save billing' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Saved/);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...DEFAULT_BILLING,
      terms_days: 14,
      payment_link: 'https://pay.example.com/x',
    });
  });

  it('names the bad field and sends nothing', async () => {
    const fetchMock = stubFetch({ 'GET /api/billing': { body: DEFAULT_BILLING } });
    renderBilling();
    const form = await screen.findByRole('form', { name: 'Billing' });
    fireEvent.change(within(form).getByLabelText('Payment link'), { target: { value: 'http://x.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save billing' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/payment_link must be an https:\/\/ link/);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
