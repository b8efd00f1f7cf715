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
    // What changed and when (in the business's zone: the default config's).
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Saved \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M: phone, towns\. Every page shows it now\.$/,
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      phone: '203 555 0123',
      towns: ['Bristol', 'Plymouth'],
    });
  });

  it('edits the Google review link and the booking rules, sending the rules as one field', async () => {
    const fetchMock = stubFetch({
      'GET /api/site-config': { body: defaultSiteConfig },
      'PUT /api/site-config': (init) => ({
        body: { ...defaultSiteConfig, ...JSON.parse(String(init.body)) },
      }),
    });
    renderSite();
    const form = await screen.findByRole('form', { name: 'Site' });
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    expect(field('Notice before a booking (hours)').value).toBe('24');
    expect(field('Travel buffer between visits (minutes)').value).toBe('30');
    expect(field('An unconfirmed request holds its time for (days)').value).toBe('3');
    expect(field('Customers may change a visit until (hours before)').value).toBe('48');
    expect(field('Ask for a review (hours after the visit)').value).toBe('3');
    expect(field('Google review link').value).toBe('');
    fireEvent.change(field('Google review link'), { target: { value: ' https://g.page/r/eco/review ' } });
    fireEvent.change(field('Travel buffer between visits (minutes)'), { target: { value: '45' } });
    fireEvent.change(field('Ask for a review (hours after the visit)'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /: Google review link, travel buffer, review request delay\. Every page shows it now\.$/,
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      googleReviewUrl: 'https://g.page/r/eco/review',
      bookingRules: { ...defaultSiteConfig.bookingRules, travelBufferMinutes: 45, reviewDelayHours: 6 },
    });
  });

  it.each([
    ['Notice before a booking (hours)', '', 'Notice must be a whole number of hours.'],
    ['An unconfirmed request holds its time for (days)', '0', 'Hold must be at least 1 days.'],
    ['Travel buffer between visits (minutes)', '2.5', 'Travel buffer must be a whole number of minutes.'],
    [
      'Google review link',
      'ftp://example.com/review',
      'Google review link must be an http:// or https:// link.',
    ],
  ])('refuses %s = %j before sending, naming it', async (label, value, message) => {
    const fetchMock = stubFetch({ 'GET /api/site-config': { body: defaultSiteConfig } });
    renderSite();
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('checks the server’s rules before sending: a phone that is not a US number is named and nothing is sent', async () => {
    const fetchMock = stubFetch({ 'GET /api/site-config': { body: defaultSiteConfig } });
    renderSite();
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '555-0123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Phone must be a US phone number of 10 digits, e.g. (860) 555-0123.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
