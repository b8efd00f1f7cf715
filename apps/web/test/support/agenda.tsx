import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AgendaCalendar } from '../../src/features/agenda/AgendaCalendar';

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
