import type { PayReport as Report } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayReport } from '../src/features/team/PayReport';
import { stubFetch } from './utils';

const report: Report = {
  visits: [
    { key: 'o1', date: '2026-12-03', planned_minutes: 90, clocked_minutes: 91, pay: 34.13, tips: 7.5 },
    {
      key: 'r2-20261207T150000Z',
      date: '2026-12-07',
      planned_minutes: 120,
      clocked_minutes: 150,
      pay: 56.25,
      tips: 0,
    },
  ],
  totals: { planned_minutes: 210, clocked_minutes: 241, pay: 90.38, tips: 7.5 },
};

const renderPay = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PayReport member={{ id: 7, name: 'Ana' }} month="2026-12" />
    </QueryClientProvider>,
  );

describe('the pay report', () => {
  it('shows the month’s totals and each visit, planned against clocked, the overruns marked', async () => {
    const fetchMock = stubFetch({ 'GET /api/team/7/pay': { body: report } });
    renderPay();
    const pay = await screen.findByText('$90.38');
    expect(pay.previousElementSibling?.textContent).toBe('Pay');
    expect(screen.getByText('4 h 1 min')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Thu, Dec 31 h 30 min1 h 31 min$34.13$7.50',
      'Mon, Dec 72 h2 h 30 min (overran)$56.25$0.00',
    ]);
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const url = asked.find((u) => u.pathname === '/api/team/7/pay') ?? new URL('http://localhost');
    expect(url.searchParams.get('from')).toBe('2026-12-01');
    expect(url.searchParams.get('to')).toBe('2026-12-31');
  });

  it('asks for another month when it is picked, and says when there were no visits', async () => {
    const fetchMock = stubFetch({
      'GET /api/team/7/pay': (_init, url) =>
        url.searchParams.get('from') === '2027-02-01'
          ? { body: { visits: [], totals: { planned_minutes: 0, clocked_minutes: 0, pay: 0, tips: 0 } } }
          : { body: report },
    });
    renderPay();
    await screen.findByText('$90.38');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2027-02' } });
    await screen.findByText('No visits this month.');
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(last.searchParams.get('to')).toBe('2027-02-28');
  });

  it('says when the pay could not be loaded', async () => {
    stubFetch({ 'GET /api/team/7/pay': { status: 404, body: { error: 'There is no such team member.' } } });
    renderPay();
    expect((await screen.findByRole('alert')).textContent).toMatch(/pay|team member/i);
  });
});
