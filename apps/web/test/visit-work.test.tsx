import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VisitWork } from '../src/features/agenda/VisitWork';
import { headerOf, stubFetch } from './utils';

const KEY = 'o41';
const renderWork = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VisitWork visitKey={KEY} timeZone="America/New_York" />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('what the cleaner left on the owner’s visit panel', () => {
  it('says when "On my way" went and how, and shows the private photos fetched with the session', async () => {
    localStorage.setItem('token', 'owner-token');
    const kept: unknown[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo-1', revokeObjectURL: () => {} }),
    );
    const fetchMock = stubFetch({
      'GET /api/visits/o41/on-my-way': {
        body: { key: KEY, sent_at: '2026-12-03T14:12:00.000Z', channel: 'sms', user_id: 3 },
      },
      'GET /api/visits/o41/photos': {
        body: [
          {
            id: 1,
            kind: 'before',
            url: '/api/visits/o41/photos/1',
            keep: false,
            user_id: 3,
            created_at: '2026-12-03T14:20:00.000Z',
          },
        ],
      },
      'GET /api/visits/o41/photos/1': { body: {} },
      'PATCH /api/visits/o41/photos/1': (init) => {
        kept.push(JSON.parse(String(init.body)));
        return {
          body: {
            id: 1,
            kind: 'before',
            url: '/api/visits/o41/photos/1',
            keep: true,
            user_id: 3,
            created_at: '2026-12-03T14:20:00.000Z',
          },
        };
      },
    });
    renderWork();
    expect(await screen.findByText(/On my way: .*9:12 AM, by text/)).toBeTruthy();
    const photo = await screen.findByRole('img', { name: 'Before photo' });
    expect(photo.getAttribute('src')).toBe('blob:photo-1');
    const read = fetchMock.mock.calls.find(([url]) => String(url) === '/api/visits/o41/photos/1');
    expect(headerOf(read?.[1], 'Authorization')).toBe('Bearer owner-token');
    // Kept past the cleanup's 90 days with one tick.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep after 90 days' }));
    await vi.waitFor(() => expect(kept).toEqual([{ keep: true }]));
  });

  it('shows nothing when the customer was not told and there are no photos', async () => {
    stubFetch({
      'GET /api/visits/o41/on-my-way': { body: { key: KEY, sent_at: null, channel: null, user_id: null } },
      'GET /api/visits/o41/photos': { body: [] },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <VisitWork visitKey={KEY} timeZone="America/New_York" />
      </QueryClientProvider>,
    );
    // Both answers in: what shows is what they say, not a moment before them.
    await vi.waitFor(() =>
      expect(
        client
          .getQueryCache()
          .getAll()
          .map((q) => q.state.status),
      ).toEqual(['success', 'success']),
    );
    expect(container.textContent).toBe('');
  });
});
