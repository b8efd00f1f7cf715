import { quoteRecord, visitRecord } from '@clean/shared/test-support';

// The owner's browser may sit in another zone than the business: run these in Berlin on purpose.
process.env.TZ = 'Europe/Berlin';

import type { CleaningDatesSummary, Inquiry } from '@clean/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildEvents } from '../src/features/agenda/events';
import { atMarch10, renderAgenda } from './support/agenda';
import { stubFetch } from './utils';

const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

// A visitor's request for Friday 2027-03-12, 9:00–12:20 New York, every 2 weeks, quoted $182.75.
const request = visitRecord({
  key: 'h5',
  start: '2027-03-12T14:00:00.000Z',
  end: '2027-03-12T17:20:00.000Z',
  inquiry_id: 41,
  inquiry_name: 'Dana Whitfield',
  amount: 182.75,
  recurring_payment_id: null,
  kind: 'request',
  status: 'requested',
  requested_frequency: 'every_2_weeks',
  hold_lapses_at: '2027-03-13T15:00:00.000Z',
});

const inquiry = {
  id: 41,
  name: 'Dana Whitfield',
  quote: quoteRecord({ frequency: 'every_2_weeks', amount: 182.75, duration_minutes: 200 }, [
    ['Standard Clean', 150, 120],
    ['2 more bedrooms', 40, 60],
    ['1 more bathroom', 15, 20],
    ['Every 2 weeks discount (10%)', -20.5, 0],
  ]),
} as unknown as Inquiry;
const other = { ...inquiry, id: 40, quote: null } as unknown as Inquiry;

const empty: CleaningDatesSummary = { one_time_cleanings: [], recurring_paid_records: [] };
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

function stubAgenda(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/cleaning_dates_summary': { body: empty },
    'GET /api/visits': { body: [request] },
    'GET /api/inquiries': { body: [other, inquiry] },
    ...extra,
  });
}

async function openRequest() {
  fireEvent.click(await screen.findByRole('button', { name: 'Requested: Dana Whitfield' }, SLOW));
  return screen.getByRole('dialog', { name: 'Requested: Dana Whitfield' });
}

describe('booking requests on the Agenda', () => {
  it("shows a held time as 'Requested: NAME' in its own colour, as long as the quote", () => {
    const [event] = buildEvents(empty, 'America/New_York', [request]);
    expect(event?.title).toBe('Requested: Dana Whitfield');
    expect(event?.detail.kind).toBe('request');
    expect([event?.start.getHours(), event?.end.getHours(), event?.end.getMinutes()]).toEqual([9, 12, 20]);
  });

  it('opens the quote and the time asked for, and confirms in one tap; the agenda refreshes', async () => {
    atMarch10();
    let answer: () => void = () => {};
    const fetchMock = stubAgenda({
      'PATCH /api/visits/h5': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { ...request, status: 'confirmed' } });
        }),
    });
    renderAgenda();
    const cell = await screen.findByRole('button', { name: 'Requested: Dana Whitfield' }, SLOW);
    expect(cell.closest('.rbc-event')?.classList.contains('hub-event-request')).toBe(true);
    // A phone's month cell shows the first name alone (calendar.css), never a cut "Requ…"; the name stays whole.
    expect(cell.querySelector('.hub-event-short')?.textContent).toBe('Dana');
    expect(cell.querySelector('.hub-event-long')?.textContent).toBe('Requested: Dana Whitfield');
    const dialog = await openRequest();
    expect(dialog.textContent).toContain('Time asked forMarch 12, 2027 at 9:00 AM – 12:20 PM');
    expect(dialog.textContent).toContain('Held untilMarch 13, 2027 at 10:00 AM');
    const quote = await within(dialog).findByRole('table', { name: 'Quote, line by line' });
    expect(
      within(quote)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Standard Clean$150.00',
      '2 more bedrooms$40.00',
      '1 more bathroom$15.00',
      'Every 2 weeks discount (10%)-$20.50',
      'Quoted$182.75',
    ]);
    expect(within(dialog).getByText('About 3 h 20 min · Every 2 weeks')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/inquiries'));
    expect(asked).toBe('/api/inquiries?name=Dana+Whitfield&page=1&limit=20');

    const visitsAsked = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/visits?')).length;
    const before = visitsAsked();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(bodyOf(patches()[0]?.[1])).toEqual({ status: 'confirmed' });
    answer();
    expect((await within(dialog).findByText(/^Confirmed:/)).textContent).toBe(
      'Confirmed: it is on the calendar and the inquiry is Booked.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await waitFor(() => expect(visitsAsked()).toBeGreaterThan(before));
    expect(patches()).toHaveLength(1);
  });

  it('declines only once asked again, and says why a refusal failed', async () => {
    atMarch10();
    let status = 409;
    const fetchMock = stubAgenda({
      'PATCH /api/visits/h5': () =>
        status === 409 ? { status, body: { error: 'This request has lapsed.' } } : { body: {} },
    });
    renderAgenda();
    const dialog = await openRequest();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to decline the request. This request has lapsed.',
    );
    status = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    expect(await within(dialog).findByText('Declined: the time is free again.')).toBeTruthy();
    const bodies = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH').map(([, i]) => bodyOf(i));
    expect(bodies).toEqual([{ status: 'declined' }, { status: 'declined' }]);
  });

  it('lists a request on the phone list with its time span, marked Requested', async () => {
    atMarch10();
    stubAgenda();
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'List' }, SLOW));
    const day = await screen.findByRole('region', { name: 'Friday, March 12' }, SLOW);
    expect(within(day).getByText(/9:00 AM–12:20 PM · Requested · Bristol/)).toBeTruthy();
  });
});
