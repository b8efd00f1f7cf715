import { defaultSiteConfig } from '@clean/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteSection } from '../src/features/site/SiteSection';
import { stubFetch } from './utils';

const renderSite = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteSection />
    </QueryClientProvider>,
  );

describe('the hub’s Site section', () => {
  it('sends only the changed fields and says what was saved', async () => {
    const fetchMock = stubFetch({
      'GET /api/site-config': { body: defaultSiteConfig },
      'PUT /api/site-config': (init) => ({
        body: { ...defaultSiteConfig, ...JSON.parse(String(init.body)), phone: '(203) 555-0123' },
      }),
    });
    renderSite();
    const form = await screen.findByRole('form', { name: 'Site' });
    expect((within(form).getByLabelText('Phone') as HTMLInputElement).value).toBe(defaultSiteConfig.phone);
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '203 555 0123' } });
    fireEvent.change(within(form).getByLabelText(/Towns served/), {
      target: { value: 'Bristol\n\nPlymouth ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Saved at .*: phone, towns\./);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      phone: '203 555 0123',
      towns: ['Bristol', 'Plymouth'],
    });
  });

  it('checks the server’s rules before sending: a phone without 10 digits is named and nothing is sent', async () => {
    const fetchMock = stubFetch({ 'GET /api/site-config': { body: defaultSiteConfig } });
    renderSite();
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '555-0123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Phone must have 10 digits.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
