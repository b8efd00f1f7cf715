import { inquiryRecord, visitRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InquiriesSection } from '../src/features/inquiries/InquiriesSection';
import { atMarch10, renderAgenda } from './support/agenda';
import { headerOf, stubFetch } from './utils';

// react-big-calendar's grids are slow to lay out in jsdom on a busy machine.
const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

const STALE =
  'This visit was skipped since you opened it. Look at it as it is now and decide again; nothing was changed.';

describe('a change refused as stale (412)', () => {
  it('sends the version the panel showed, then shows the sentence and the visit as it is now', async () => {
    atMarch10();
    const seen = visitRecord({
      key: 'r9-20270316T130000Z',
      start: '2027-03-16T13:00:00.000Z',
      end: '2027-03-16T15:00:00.000Z',
      version: '4.0',
    });
    // Skipped through the customer's link after the hub read the week.
    const now = { ...seen, status: 'skipped' as const, version: '4.1' };
    let patched = false;
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: { one_time_cleanings: [], recurring_paid_records: [] } },
      'GET /api/visits': () => ({ body: [patched ? now : seen] }),
      'PATCH /api/visits/r9-20270316T130000Z': () => {
        patched = true;
        return { status: 412, body: { error: STALE } };
      },
    });
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'Visit: Tom Reilly' }, SLOW));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done & paid' }));

    expect(await within(dialog).findByText(STALE)).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(headerOf(init, 'If-Match')).toBe('"4.0"');
    // The panel reads the visit again: skipped now, so it offers Undo skip, not Done & paid.
    await waitFor(() => expect(dialog.textContent).toContain('StatusSkipped'));
    expect(within(dialog).getByRole('button', { name: 'Undo skip' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Done & paid' })).toBeNull();
    // Deciding again sends the version it shows now.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo skip' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')).toHaveLength(2),
    );
    const [, again] = fetchMock.mock.calls.filter(([, i]) => i?.method === 'PATCH')[1] ?? [];
    expect(headerOf(again, 'If-Match')).toBe('"4.1"');
  });
});

describe('a Manage list’s change refused as stale (412)', () => {
  it('shows the sentence and reads the list again, so the inquiry shows as it is now', async () => {
    const seen = inquiryRecord({
      id: 12,
      name: 'Linda Park',
      email: 'linda@example.com',
      description: 'Three bedrooms',
      version: '3',
    });
    const sentence =
      'This inquiry changed since you opened it. Look at it as it is now and decide again; nothing was changed.';
    let patched = false;
    const fetchMock = stubFetch({
      'GET /api/inquiries': () => ({
        body: [patched ? { ...seen, status: 'Booked', version: '4' } : seen],
        headers: { 'X-Total-Count': '1' },
      }),
      'PATCH /api/inquiries/12': () => {
        patched = true;
        return { status: 412, body: { error: sentence } };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InquiriesSection />
      </QueryClientProvider>,
    );
    const status = await screen.findByLabelText('Status', { selector: 'select' }, SLOW);
    fireEvent.change(status, { target: { value: 'Contacted' } });
    // The sentence alone: it says what changed and what to do.
    expect(await screen.findByText(sentence)).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(headerOf(init, 'If-Match')).toBe('"3"');
    await waitFor(() =>
      expect((screen.getByLabelText('Status', { selector: 'select' }) as HTMLSelectElement).value).toBe(
        'Booked',
      ),
    );
  });
});
