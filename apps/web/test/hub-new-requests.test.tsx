import { visitRecord } from '@clean/shared/test-support';

// The owner's browser may sit in another zone than the business: run these in Berlin on purpose.
process.env.TZ = 'Europe/Berlin';

import { type Inquiry, TOKEN_STORAGE_KEY, TOTAL_COUNT_HEADER } from '@clean/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgendaList } from '../src/features/agenda/AgendaList';
import { buildEvents } from '../src/features/agenda/events';
import { atMarch10 } from './support/agenda';
import { ADMIN_USER, renderApp } from './support/app';
import { stubFetch } from './utils';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.useRealTimers());

const NY = 'America/New_York';
const inquiry = (id: number, name: string, change: Partial<Inquiry> = {}) =>
  ({
    id,
    name,
    email: null,
    phone_number: '8605550100',
    call_or_text: 'text',
    description: null,
    status: 'New Inquiry',
    version: '0',
    ...change,
  }) as Inquiry;

// A request holding a time next month (April 20, 10:00 New York), made on March 10.
const april = visitRecord({
  key: 'h7',
  start: '2027-04-20T14:00:00.000Z',
  end: '2027-04-20T16:00:00.000Z',
  inquiry_id: 3,
  inquiry_name: 'Held Hannah',
  kind: 'request',
  status: 'requested',
  recurring_payment_id: null,
});

// A one-time cleaning already planned for a new inquiry (the owner booked it before changing its status).
const planned = visitRecord({
  key: 'o8',
  start: '2027-03-30T14:00:00.000Z',
  end: '2027-03-30T16:00:00.000Z',
  inquiry_id: 4,
  inquiry_name: 'Planned Pat',
  kind: 'one_time',
  one_time_cleaning_id: 8,
  recurring_payment_id: null,
});

describe('new requests in the hub', () => {
  beforeAll(() => import('../src/app/hub/HubPage'));

  it('counts them on the Agenda tab and lists those without a time first, each with its links and Manage', async () => {
    atMarch10();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'admin-token');
    const fetchMock = stubFetch({
      'GET /api/user': { body: ADMIN_USER },
      'GET /api/inquiries': (_init, url) =>
        url.searchParams.get('status') === 'New Inquiry'
          ? {
              body: [
                inquiry(1, 'Una Untimed', { description: 'One dog, side door code 1234' }),
                inquiry(2, 'Ed Email', { phone_number: null, email: 'ed@example.com' }),
                inquiry(3, 'Held Hannah'),
                inquiry(4, 'Planned Pat'),
              ],
              headers: { [TOTAL_COUNT_HEADER]: '4' },
            }
          : { body: [] },
      'GET /api/visits': { body: [april, planned] },
      'GET /api/cleaning_dates_summary': { body: { one_time_cleanings: [], recurring_paid_records: [] } },
    });
    renderApp('/contact-center');

    const tab = await screen.findByRole('tab', { name: 'Agenda, 4 new requests' }, { timeout: 5_000 });
    expect(tab.textContent).toContain('Agenda (4)');
    const section = await screen.findByRole('region', { name: 'Requests without a time' });
    const names = [...section.querySelectorAll(':scope > ul > li > p:first-child')].map((p) => p.textContent);
    expect(names).toEqual(['Una Untimed', 'Ed Email']);
    expect(section.textContent).toContain('One dog, side door code 1234');
    expect(
      within(section).getByRole('link', { name: 'Text Una Untimed (preferred)' }).getAttribute('href'),
    ).toBe('sms:+18605550100');
    expect(within(section).getByRole('link', { name: 'Email Ed Email' }).getAttribute('href')).toBe(
      'mailto:ed@example.com',
    );
    // The request holding a time and the inquiry with a cleaning planned are on the calendar, not here.
    expect(section.textContent).not.toContain('Held Hannah');
    expect(section.textContent).not.toContain('Planned Pat');
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/visits?'));
    expect(asked).toContain('/api/visits?from=2027-03-10&to=2027-05-09');

    fireEvent.click(within(section).getByRole('link', { name: 'Manage Una Untimed' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Manage' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('shows no count when there is no new request', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'admin-token');
    stubFetch({
      'GET /api/user': { body: ADMIN_USER },
      'GET /api/inquiries': { body: [], headers: { [TOTAL_COUNT_HEADER]: '0' } },
      'GET /api/visits': { body: [] },
      'GET /api/cleaning_dates_summary': { body: { one_time_cleanings: [], recurring_paid_records: [] } },
    });
    renderApp('/contact-center');
    expect((await screen.findByRole('tab', { name: 'Agenda' }, { timeout: 5_000 })).textContent).toBe(
      'Agenda',
    );
    expect(screen.queryByRole('region', { name: 'Requests without a time' })).toBeNull();
  });
});

describe('the phone list', () => {
  it('lists the requests of the coming 60 days after the month shown, each with its day', () => {
    const coming = buildEvents({ one_time_cleanings: [], recurring_paid_records: [] }, NY, [april]);
    render(
      <AgendaList
        month={new Date(2027, 2, 10)}
        today={new Date(2027, 2, 10, 12)}
        events={[]}
        comingRequests={coming}
        onNavigate={() => {}}
        onSelect={() => {}}
      />,
    );
    const later = screen.getByRole('region', { name: 'Requests in the next 60 days' });
    expect(later.textContent).toContain('Held Hannah');
    expect(later.textContent).toContain('Tue, Apr 20, 10:00 AM–12:00 PM · Requested');
    expect(within(later).getByRole('button', { name: 'Details of Requested: Held Hannah' })).toBeTruthy();
  });
});
