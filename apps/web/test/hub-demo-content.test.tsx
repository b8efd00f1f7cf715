import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DemoContentBanner } from '../src/features/demo-content/DemoContentBanner';
import { stubFetch } from './utils';

const renderBanner = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DemoContentBanner />
    </QueryClientProvider>,
  );

describe('the demo content banner', () => {
  it('says the site shows demo content and removes it in one tap', async () => {
    let present = true;
    const fetchMock = stubFetch({
      'GET /api/demo-content': () => ({ body: { present } }),
      'DELETE /api/demo-content': () => {
        present = false;
        return { status: 204 };
      },
    });
    renderBanner();
    expect(await screen.findByText('This site shows demo content')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('Demo content removed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove it' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says why when the removal fails, and keeps the button', async () => {
    stubFetch({
      'GET /api/demo-content': { body: { present: true } },
      'DELETE /api/demo-content': { status: 404, body: { error: 'There is no demo content to remove.' } },
    });
    renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('There is no demo content to remove.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove it' })).toBeTruthy();
  });

  it('shows nothing on a site without demo content', async () => {
    const fetchMock = stubFetch({ 'GET /api/demo-content': { body: { present: false } } });
    const { container } = renderBanner();
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    expect(container.textContent).toBe('');
  });
});
