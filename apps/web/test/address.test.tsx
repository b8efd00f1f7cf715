import { inquiryRecord, pricingRecord, visitRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { EventDetails } from '../src/features/agenda/EventDetails';
import type { AgendaEvent } from '../src/features/agenda/events';
import { ContactPage } from '../src/features/contact/ContactPage';
import { InquiryCard } from '../src/features/inquiries/InquiryCard';
import { fillContact } from './support/booking-form';
import { page, renderWithApp, stubFetch } from './utils';

const NY = 'America/New_York';
const SLOTS = ['2027-03-02T09:00:00-05:00', '2027-03-02T13:30:00-05:00'];
const MAP = 'https://www.google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Bristol%2C%20CT%2006010';

function stubBookingApi() {
  return stubFetch({
    'GET /api/contact-status': { body: { is_open: true } },
    'GET /api/packages': {
      body: [{ id: 1, title: 'Standard Clean', amount: 150, image_url: '/demo/1.jpg', description: '' }],
    },
    'GET /api/pricing': {
      body: pricingRecord({ minimum: 120 }),
    },
    'GET /api/slots': { body: SLOTS },
    'POST /api/inquiries': { status: 201, body: { id: 9 } },
  });
}
const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function fillFromBristol() {
  await screen.findByRole('form', { name: 'Booking request' });
  fillContact('Bristol');
}

describe('the booking form’s address', () => {
  it('has a street address and a ZIP field with the autofill hints a phone uses', async () => {
    stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    const street = (await screen.findByLabelText(/Street address/)) as HTMLInputElement;
    expect(street.name).toBe('street_address');
    expect(street.autocomplete).toBe('street-address');
    const zip = screen.getByLabelText('ZIP') as HTMLInputElement;
    expect(zip.name).toBe('zip');
    expect(zip.autocomplete).toBe('postal-code');
    expect(zip.inputMode).toBe('numeric');
  });

  it('asks for the street beside its field when a time is chosen, and sends it with the ZIP', async () => {
    const fetchMock = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await fillFromBristol();
    fireEvent.click(await screen.findByRole('radio', { name: 'Tuesday, March 2, 1:30 PM' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    const street = screen.getByLabelText(/Street address/);
    expect(await screen.findByText('Street address is required when you pick a time.')).toBeTruthy();
    expect(street.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(street);
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.input(street, { target: { value: '12 Oak St' } });
    fireEvent.input(screen.getByLabelText('ZIP'), { target: { value: '060' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('ZIP must be 5 digits.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.input(screen.getByLabelText('ZIP'), { target: { value: '06010' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByText('Thank you! We received your request and will get back to you soon.');
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toMatchObject({
      street_address: '12 Oak St',
      zip: '06010',
      requested_start: '2027-03-02T13:30:00-05:00',
    });
  });

  it('sends a request without a time and without an address', async () => {
    const fetchMock = stubBookingApi();
    renderWithApp('/contact', [page('/contact', <ContactPage />)]);
    await fillFromBristol();
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByText('Thank you! We received your request and will get back to you soon.');
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toMatchObject({
      street_address: null,
      zip: null,
    });
  });
});

const renderIn = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );
const visitEvent = (change: Parameters<typeof visitRecord>[0]): AgendaEvent => ({
  id: change.key,
  title: 'Visit: Tom Reilly',
  start: new Date(2027, 2, 2, 9),
  end: new Date(2027, 2, 2, 11),
  detail: { kind: 'visit', at: change.start, item: visitRecord(change) },
});
const times = { start: '2027-03-02T14:00:00.000Z', end: '2027-03-02T16:00:00.000Z' };

describe('the Agenda’s visit details', () => {
  it('show the address with a map link opening in a new tab, and the access notes', () => {
    stubFetch({});
    const event = visitEvent({
      key: 'r9-20270302T140000Z',
      ...times,
      street_address: '12 Oak St',
      zip: '06010',
      access_notes: 'Gate code 4321',
    });
    renderIn(<EventDetails event={event} timeZone={NY} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Visit: Tom Reilly' });
    expect(within(dialog).getByText('Address').nextSibling?.textContent).toMatch(
      /^12 Oak St, Bristol, CT 06010 Map/,
    );
    const map = within(dialog).getByRole('link', { name: /Map/ });
    expect(map.getAttribute('href')).toBe(MAP);
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByText('Access').nextSibling?.textContent).toBe('Gate code 4321');
  });

  it('say "no address yet" for a customer from before addresses, with no map link', () => {
    stubFetch({});
    renderIn(<EventDetails event={visitEvent({ key: 'r9-x', ...times })} timeZone={NY} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Visit: Tom Reilly' });
    expect(within(dialog).getByText('Address').nextSibling?.textContent).toBe('no address yet');
    expect(within(dialog).queryByRole('link', { name: /Map/ })).toBeNull();
    expect(within(dialog).queryByText('Access')).toBeNull();
  });

  it('a booking request’s details carry the address too', () => {
    stubFetch({ 'GET /api/inquiries/4': { body: {} } });
    const request = visitRecord({
      key: 'h3',
      kind: 'request',
      status: 'requested',
      ...times,
      street_address: '12 Oak St',
      zip: '06010',
    });
    renderIn(
      <EventDetails
        event={{
          ...visitEvent({ key: 'h3', ...times }),
          title: 'Requested: Tom Reilly',
          detail: { kind: 'request', at: times.start, item: request },
        }}
        timeZone={NY}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Requested: Tom Reilly' });
    expect(within(dialog).getByRole('link', { name: /Map/ }).getAttribute('href')).toBe(MAP);
  });
});

describe('an inquiry’s card', () => {
  const inquiry = inquiryRecord({
    id: 4,
    name: 'Tom Reilly',
    phone_number: '8605550199',
    status: 'Booked',
    submitted_at: '2027-01-10T15:00:00.000Z',
    street_address: '12 Oak St',
    zip: '06010',
    access_notes: 'Key under the mat',
  });

  it('shows the address and access notes, and edits them', () => {
    stubFetch({});
    renderIn(<InquiryCard inquiry={inquiry} />);
    expect(screen.getByRole('link', { name: /Map/ }).getAttribute('href')).toBe(MAP);
    expect(screen.getByText('Access').nextSibling?.textContent).toBe('Key under the mat');
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('12 Oak St');
    expect((screen.getByLabelText('ZIP') as HTMLInputElement).value).toBe('06010');
    expect((screen.getByLabelText(/Access notes/) as HTMLTextAreaElement).value).toBe('Key under the mat');
  });
});
