import { type PublicPricing, quote } from '@clean/shared';
import { pricingRecord } from '@clean/shared/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactPage } from '../src/features/contact/ContactPage';
import { fillContact } from './support/booking-form';
import { page, renderWithApp, stubFetch, testQueryClient } from './utils';

const PACKAGES = [
  { id: 1, title: 'Standard Clean', amount: 150, image_url: '/demo/1.jpg', description: '' },
  { id: 2, title: 'Deep Clean', amount: 240, image_url: '/demo/2.jpg', description: '' },
];
const PRICING: PublicPricing = {
  ...pricingRecord({
    packages: [
      { package_id: 1, base_minutes: 120 },
      { package_id: 2, base_minutes: 180 },
    ],
    extras: [
      { key: 'inside-fridge', name: 'Inside fridge', amount: 25, minutes: 20 },
      { key: 'inside-oven', name: 'Inside oven', amount: 30.5, minutes: 30 },
    ],
    minimum: 120,
  }),
  tax: { tax_rate_percent: 6.35, tax_label: 'CT sales tax', prices_include_tax: false },
};
const SLOTS_120 = ['2027-03-02T09:00:00-05:00', '2027-03-02T13:30:00-05:00', '2027-03-03T10:00:00-05:00'];
const SLOTS_OTHER = ['2027-03-04T08:00:00-05:00'];

/** The API the form talks to; GET /api/slots answers by the length asked for, and records each ask. */
function stubBookingApi(post: Parameters<typeof stubFetch>[0][string] = { status: 201, body: { id: 9 } }) {
  const slotAsks: URLSearchParams[] = [];
  const fetchMock = stubFetch({
    'GET /api/contact-status': { body: { is_open: true } },
    'GET /api/packages': { body: PACKAGES },
    'GET /api/pricing': { body: PRICING },
    'GET /api/slots': (_init, url) => {
      slotAsks.push(url.searchParams);
      return { body: url.searchParams.get('duration_minutes') === '120' ? SLOTS_120 : SLOTS_OTHER };
    },
    'POST /api/inquiries': post,
  });
  return { fetchMock, slotAsks };
}

const form = () => screen.findByRole('form', { name: 'Booking request' });
const amount = () => screen.getByTestId('estimate-amount').textContent;

afterEach(() => sessionStorage.clear());

describe('/contact instant quote', () => {
  it('updates the estimate, its lines and the visit length on every change, with no request', async () => {
    const { fetchMock } = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    expect(await screen.findByText('Choose a package to see an estimate.')).toBeTruthy();
    const asked = () => fetchMock.mock.calls.filter(([u]) => !String(u).startsWith('/api/slots')).length;
    await waitFor(() => expect(screen.getByLabelText('Package')).toBeTruthy());
    const before = asked();

    fireEvent.change(screen.getByLabelText('Package'), { target: { value: '2' } });
    expect(amount()).toBe('$240.00');
    // 240 × 6.35 % = 15.24.
    expect(screen.getByTestId('estimate-tax').textContent).toBe('+ $15.24 CT sales tax = $255.24');
    fireEvent.change(screen.getByLabelText('Bedrooms'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Bathrooms'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Inside oven (+$30.50)'));
    expect(amount()).toBe('$325.50');
    fireEvent.change(screen.getByLabelText('How often?'), { target: { value: 'weekly' } });

    // The shared function's answer, to the cent: 325.50 less 15% = 276.675 → $276.68.
    const expected = quote(PRICING, PACKAGES, {
      package_id: 2,
      bedrooms: 3,
      bathrooms: 2,
      extras: ['inside-oven'],
      frequency: 'weekly',
    });
    expect(expected.ok && expected.quote.amount).toBe(276.68);
    expect(amount()).toBe('$276.68');
    const lines = within(screen.getByRole('list', { name: 'How the estimate adds up' }));
    expect(lines.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Deep Clean$240.00',
      '2 more bedrooms$40.00',
      '1 more bathroom$15.00',
      'Inside oven$30.50',
      'Weekly discount (15%)-$48.82',
    ]);
    // 180 + 2×30 + 20 + 30 minutes.
    expect(screen.getByText('· about 4 h 50 min')).toBeTruthy();
    // Only open times may be asked for again (for the new length): never the price.
    expect(asked()).toBe(before);
    // Live, the estimate follows the form: no "See price" round trip.
    expect(screen.queryByRole('button', { name: 'See price' })).toBeNull();
  });

  it('starts from the choice in the address (as "See price" without script leaves it)', async () => {
    stubBookingApi();
    renderWithApp('/contact?package_id=1&frequency=weekly', [page('/contact', <ContactPage />)]);
    await form();
    // 150 less 15%.
    expect((await screen.findByTestId('estimate-amount')).textContent).toBe('$127.50');
    expect((screen.getByLabelText('How often?') as HTMLSelectElement).value).toBe('weekly');
  });

  it('offers open times by day for the estimate’s length, and sends the chosen one with the quote', async () => {
    const { fetchMock, slotAsks } = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    // Before a package is chosen: times for the shortest visit.
    const tuesday = await screen.findByRole('radio', { name: 'Tuesday, March 2, 1:30 PM' });
    expect(slotAsks.at(-1)?.get('duration_minutes')).toBe('120');
    expect(slotAsks.at(-1)?.get('frequency')).toBe('one_time');
    expect(slotAsks.at(-1)?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const none = screen.getByRole('radio', { name: 'None of these — please contact me' });
    expect(none).toHaveProperty('checked', true);
    // One group per day, in order, each named by its day.
    const days = screen
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-label') ?? g.querySelector('legend')?.textContent);
    expect(days).toEqual(expect.arrayContaining(['Tuesday, March 2', 'Wednesday, March 3']));
    expect(days.indexOf('Tuesday, March 2')).toBeLessThan(days.indexOf('Wednesday, March 3'));

    fireEvent.change(screen.getByLabelText('Package'), { target: { value: '1' } });
    fireEvent.click(tuesday);
    expect(tuesday).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('How did you hear about us? (optional)'), {
      target: { value: 'nextdoor' },
    });
    fillContact('Avon', '12 Oak St');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByText('Thank you! We received your request and will get back to you soon.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Jo',
      package: 'Standard Clean',
      quote: { package_id: 1, bedrooms: 1, bathrooms: 1, extras: [], frequency: 'one_time' },
      requested_start: '2027-03-02T13:30:00-05:00',
      heard_from: 'nextdoor',
    });
  });

  it('asks for times again when the length changes, and drops a chosen time no longer offered', async () => {
    const { slotAsks } = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    fireEvent.click(await screen.findByRole('radio', { name: 'Tuesday, March 2, 9:00 AM' }));
    fireEvent.change(screen.getByLabelText('Package'), { target: { value: '2' } });
    await screen.findByRole('radio', { name: 'Thursday, March 4, 8:00 AM' });
    expect(slotAsks.at(-1)?.get('duration_minutes')).toBe('180');
    expect(screen.queryByRole('radio', { name: 'Tuesday, March 2, 9:00 AM' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'None of these — please contact me' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.change(screen.getByLabelText('How often?'), { target: { value: 'every_2_weeks' } });
    await waitFor(() => expect(slotAsks.at(-1)?.get('frequency')).toBe('every_2_weeks'));
  });

  it('a time just taken: the message, fresh times asked for, and none chosen', async () => {
    const { slotAsks } = stubBookingApi({
      status: 409,
      body: { error: 'That time was just taken — please pick another.' },
    });
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    fireEvent.click(await screen.findByRole('radio', { name: 'Wednesday, March 3, 10:00 AM' }));
    fillContact('Avon', '12 Oak St');
    const asksBefore = slotAsks.length;
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('That time was just taken — please pick another.')).toBeTruthy();
    await waitFor(() => expect(slotAsks.length).toBeGreaterThan(asksBefore));
    expect(screen.getByRole('radio', { name: 'None of these — please contact me' })).toHaveProperty(
      'checked',
      true,
    );
    // The rest of the input stays for the next try.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jo');
  });

  it('sends the landing page’s campaign and referring site kept for the visit', async () => {
    sessionStorage.setItem(
      'lead-source',
      JSON.stringify({ utm_source: 'flyer', utm_campaign: 'spring', referrer: 'www.google.com' }),
    );
    const { fetchMock } = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    fillContact('Avon', '12 Oak St');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByText('Thank you! We received your request and will get back to you soon.');
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')?.[1]?.body));
    expect(body).toMatchObject({ utm_source: 'flyer', utm_campaign: 'spring', referrer: 'www.google.com' });
    expect(body.quote).toBeNull();
    expect(body.requested_start).toBeUndefined();
  });

  it('while the form is closed: no quote and no times', async () => {
    const { slotAsks } = stubBookingApi();
    stubFetch({
      'GET /api/contact-status': { body: { is_open: false } },
      'GET /api/packages': { body: PACKAGES },
      'GET /api/pricing': { body: PRICING },
      'GET /api/slots': () => {
        slotAsks.push(new URLSearchParams());
        return { body: SLOTS_120 };
      },
    });
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await screen.findByRole('heading', { name: 'We’re not taking online requests right now' });
    expect(screen.queryByLabelText('Bedrooms')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(slotAsks).toHaveLength(0);
  });
});

describe('landing source', () => {
  it('keeps the first page’s utm parameters and other site, and never overwrites them', async () => {
    const { rememberLanding, landingSource } = await import('../src/lib/lead-source');
    const at = (href: string) => new URL(href) as unknown as Location;
    rememberLanding(
      at('https://clean.example/?utm_source=nextdoor&utm_medium=post&x=1'),
      'https://www.bing.com/search?q=x',
    );
    rememberLanding(at('https://clean.example/contact?utm_source=other'), 'https://clean.example/');
    expect(landingSource()).toEqual({ utm_source: 'nextdoor', utm_medium: 'post', referrer: 'www.bing.com' });
    sessionStorage.clear();
    rememberLanding(at('https://clean.example/packages'), 'https://clean.example/');
    expect(landingSource()).toEqual({});
  });
});

describe('/contact estimate with prices that include the tax', () => {
  it('says how much of the estimate is tax', async () => {
    stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'GET /api/packages': { body: PACKAGES },
      'GET /api/pricing': { body: { ...PRICING, tax: { ...PRICING.tax, prices_include_tax: true } } },
      'GET /api/slots': { body: SLOTS_120 },
    });
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await form();
    await waitFor(() => expect(screen.getByLabelText('Package')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Package'), { target: { value: '1' } });
    expect(amount()).toBe('$150.00');
    // 150 × 6.35 / 106.35 = 8.956… → $8.96.
    expect(screen.getByTestId('estimate-tax').textContent).toBe('including $8.96 CT sales tax');
  });

  it('hydrates with the open times of the day the server rendered them for, and asks for today only for another length', async () => {
    const { slotAsks } = stubBookingApi();
    // The page's dehydrated cache: the times for the default length, drawn on a day that is not today.
    const client = testQueryClient();
    client.setQueryData(['slots', '2027-03-01', 120, 'one_time'], SLOTS_120);
    renderWithApp('/contact', [page('/contact', <ContactPage />)], client);
    await screen.findByRole('radio', { name: 'Tuesday, March 2, 9:00 AM' });
    await waitFor(() => expect(screen.getByLabelText('Package')).toBeTruthy());
    expect(slotAsks).toEqual([]);

    fireEvent.change(screen.getByLabelText('Package'), { target: { value: '2' } });
    await screen.findByRole('radio', { name: 'Thursday, March 4, 8:00 AM' });
    const from = slotAsks.map((ask) => ask.get('from'));
    expect(from).toHaveLength(1);
    expect(from[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(from[0]).not.toBe('2027-03-01');
  });
});
