import type { Visit } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AgendaCalendar } from '../../src/features/agenda/AgendaCalendar';

/** A visit of Tom Reilly's weekly schedule, changed as given. */
export function visit(change: Partial<Visit> & { key: string; start: string; end: string }): Visit {
  return {
    kind: 'recurring',
    inquiry_id: 4,
    inquiry_name: 'Tom Reilly',
    phone_number: '8605550199',
    email: null,
    call_or_text: 'call',
    town: 'Bristol',
    street_address: null,
    zip: null,
    access_notes: null,
    original_start: null,
    status: 'planned',
    paid: false,
    amount: 120,
    notes: null,
    one_time_cleaning_id: null,
    recurring_payment_id: 9,
    recurring_paid_id: null,
    requested_frequency: null,
    hold_lapses_at: null,
    cleaner_id: null,
    cleaner_name: null,
    version: '0.0',
    ...change,
  };
}

export function renderAgenda() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgendaCalendar />
    </QueryClientProvider>,
  );
  return client;
}

/** Today is Wednesday 2027-03-10, noon in New York. */
export function atMarch10() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T17:00:00Z'));
}
