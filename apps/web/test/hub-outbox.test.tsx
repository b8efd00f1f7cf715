import type { FailedMessages as Failed } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FailedMessages } from '../src/features/outbox/FailedMessages';
import { stubFetch } from './utils';

const renderHub = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FailedMessages />
    </QueryClientProvider>,
  );

describe('messages that could not be sent', () => {
  it('says how many, and lists them on demand', async () => {
    const failed: Failed = {
      count: 3,
      messages: [
        {
          channel: 'mail',
          id: 4,
          to: 'ann@example.com',
          summary: 'Your cleaning is booked',
          attempts: 60,
          last_error: 'connect ECONNREFUSED',
          created_at: '2027-03-02T14:00:00.000Z',
        },
        {
          channel: 'sms',
          id: 2,
          to: '+18605550199',
          summary: 'Reminder: cleaning tomorrow',
          attempts: 30,
          last_error: 'SMS provider answered 401',
          created_at: '2027-03-01T14:00:00.000Z',
        },
        {
          channel: 'push',
          id: 9,
          to: 'a device',
          summary: '{"title":"New booking request"}',
          attempts: 30,
          last_error: null,
          created_at: '2027-03-01T13:00:00.000Z',
        },
      ],
    };
    stubFetch({ 'GET /api/outbox/failed': { body: failed } });
    renderHub();
    const summary = await screen.findByText('3 messages could not be sent');
    fireEvent.click(summary);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('E-mail to ann@example.com: Your cleaning is booked');
    expect(items[0]).toContain('ECONNREFUSED');
    expect(items[1]).toContain('Text to +18605550199');
  });

  it('shows nothing when every message went out', async () => {
    const fetchMock = stubFetch({ 'GET /api/outbox/failed': { body: { count: 0, messages: [] } } });
    const { container } = renderHub();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The answer has been read and rendered: nothing to show.
    await act(() => fetchMock.mock.results[0]?.value);
    expect(container.textContent).toBe('');
  });
});
