import { TOWNS } from '@clean/shared';
import { NO_SOURCE } from '@clean/shared/test-support';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactPage } from '../src/features/contact/ContactPage';
import { WorkRequestEmbed } from '../src/features/contact/WorkRequestEmbed';
import { PackagesPage } from '../src/features/packages/PackagesPage';
import { nextPhoneValue } from '../src/lib/phone';
import { fillContact } from './support/booking-form';
import { page, renderWithApp, stubFetch } from './utils';

const renderContact = () => renderWithApp('/contact', [page('/contact', <ContactPage />)]);

/** Types `text` one character at a time, as a visitor does. */
function typeInto(input: HTMLInputElement, text: string) {
  for (const ch of text) fireEvent.input(input, { target: { value: input.value + ch } });
}

describe('phone formatting', () => {
  it('formats digits as (XXX) XXX-XXXX while typing, keeps at most 10 digits, drops other characters', () => {
    let value = '';
    const seen: string[] = [];
    for (const ch of '860a555-01429') {
      value = nextPhoneValue(value, value + ch);
      seen.push(value);
    }
    expect(seen.slice(0, 4)).toEqual(['(8', '(86', '(860', '(860']);
    expect(seen).toContain('(860) 5');
    expect(seen).toContain('(860) 555-0');
    expect(value).toBe('(860) 555-0142');
  });

  it('backspace over a bracket, space or dash removes the digit before it', () => {
    expect(nextPhoneValue('(860) 5', '(860 5')).toBe('(860');
    expect(nextPhoneValue('(860) 555-0', '(860) 5550')).toBe('(860) 555');
    expect(nextPhoneValue('(8', '(')).toBe('');
    expect(nextPhoneValue('(860) 555-0142', '(860) 555-014')).toBe('(860) 555-014');
    // Pasting a formatted or longer number; a leading 1 is the country code, not the area code.
    expect(nextPhoneValue('', '+1 860.555.0142')).toBe('(860) 555-0142');
    expect(nextPhoneValue('', '+1 (860) 555-7788')).toBe('(860) 555-7788');
    expect(nextPhoneValue('', '1-860-555-7788')).toBe('(860) 555-7788');
    expect(nextPhoneValue('', '860-555-0142 ext 9')).toBe('(860) 555-0142');
  });
});

describe('/contact booking request', () => {
  it('has the heading, the 17 towns plus Other, call or text, and formats the phone field as typed', async () => {
    stubFetch({ 'GET /api/contact-status': { body: { is_open: true } } });
    renderContact();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Us');
    const town = (await screen.findByLabelText('Town')) as HTMLSelectElement;
    const options = [...town.options].map((o) => o.value);
    expect(options).toEqual(['', ...TOWNS, 'Other']);
    expect(screen.getByRole('radio', { name: 'Call' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Text' })).toHaveProperty('checked', false);

    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    typeInto(phone, '86055501429999');
    expect(phone.value).toBe('(860) 555-0142');
  });

  it('posts the request (an autofilled +1 phone as its 10 digits) and thanks the visitor, clearing the form', async () => {
    const fetchMock = stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'POST /api/inquiries': { status: 201, body: { id: 7, status: 'New Inquiry' } },
    });
    renderContact();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Jo Smith' } });
    // Phone autofill puts the whole number in at once, with the country code.
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    fireEvent.input(phone, { target: { value: '+1 (860) 555-0142' } });
    expect(phone.value).toBe('(860) 555-0142');
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Plainville' } });
    fireEvent.input(screen.getByLabelText('What can we help with?'), { target: { value: 'Weekly clean' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you! We received your request and will get back to you soon.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/inquiries');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Jo Smith',
      email: null,
      phone_number: '8605550142',
      call_or_text: 'text',
      town: 'Plainville',
      street_address: null,
      zip: null,
      description: 'Weekly clean',
      package: null,
      // Without a price table (no GET /api/pricing) there is no quote, time or source to send.
      ...NO_SOURCE,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('');
  });

  it('is a plain form posted to /contact too, and preselects the package Book Now links with', async () => {
    const fetchMock = stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'GET /api/packages': {
        body: [
          { id: 1, title: 'Deep Clean', amount: 150, image_url: '/demo/1.jpg', description: '' },
          { id: 2, title: 'Office', amount: 180, image_url: '/demo/2.jpg', description: '' },
        ],
      },
      'POST /api/inquiries': { status: 201, body: { id: 8, status: 'New Inquiry' } },
    });
    // The journey: a package's details, then its Book Now link.
    renderWithApp('/packages', [page('/packages', <PackagesPage />), page('/contact', <ContactPage />)]);
    fireEvent.click(await screen.findByRole('link', { name: /Office/ }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Book Now', hidden: true }));
    const form = await screen.findByRole('form', { name: 'Booking request' });
    expect(screen.getByTestId('location').textContent).toBe('/contact?package=2');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/contact#booking-problem');
    const chosen = (await screen.findByLabelText('Package (optional)')) as HTMLSelectElement;
    // The package's id is the value (the estimate's input); its name still heads the request.
    expect([...chosen.options].map((o) => o.text)).toEqual(['Not sure yet', 'Deep Clean', 'Office']);
    expect(chosen.value).toBe('2');
    fillContact('Avon');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you! We received your request and will get back to you soon.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: 'Jo', package: 'Office' });
  });

  it('thanks the visitor after a plain post (?sent=1)', async () => {
    stubFetch({ 'GET /api/contact-status': { body: { is_open: true } } });
    renderWithApp('/contact?sent=1', [page('/contact', <ContactPage />)]);
    const thanks = await screen.findByText(
      'Thank you! We received your request and will get back to you soon.',
    );
    expect(thanks.closest('[role="status"]')).not.toBeNull();
  });

  it('checks the fields with the shared schema before sending', async () => {
    const fetchMock = stubFetch({ 'GET /api/contact-status': { body: { is_open: true } } });
    renderContact();
    fireEvent.click((await screen.findByRole('button', { name: 'Send Request' })) as HTMLButtonElement);
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Town must be one of the listed towns or Other.')).toBeTruthy();

    // The whole-form rules apply once the fields themselves are right.
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Berlin' } });
    typeInto(screen.getByLabelText('Phone number') as HTMLInputElement, '86055');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(
      await screen.findByText('Phone number must be a US phone number of 10 digits, e.g. (860) 555-0123.'),
    ).toBeTruthy();
    // Ten digits that no US line has (area code 123) are refused before sending too.
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '(123) 456-7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(/Phone number must be a US phone number/)).toBeTruthy();

    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Give an email or a phone number so we can reach you.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('focuses the first refused field, and once sent checks each change again', async () => {
    stubFetch({ 'GET /api/contact-status': { body: { is_open: true } } });
    renderContact();
    const name = await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(name, { target: { value: 'Jo' } });
    await waitFor(() => expect(screen.queryByText('Name is required.')).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
    // The other refusal stays until its own field is right.
    expect(screen.getByText('Town must be one of the listed towns or Other.')).toBeTruthy();
  });

  it("shows the server's refusal (closed meanwhile) and then the closed message", async () => {
    let open = true;
    stubFetch({
      'GET /api/contact-status': () => ({ body: { is_open: open } }),
      'POST /api/inquiries': () => {
        open = false;
        return { status: 409, body: { error: "We're not taking new booking requests right now." } };
      },
    });
    renderContact();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'jo@example.com' } });
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('We’re not taking online requests right now')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Booking request' })).toBeNull();
  });

  it('shows the refusal of a third waiting request (429) with the business’s phone, keeping the input', async () => {
    const waiting =
      'You already have 2 requests waiting for our answer. We will be in touch soon; to change them or book another time, please call us at (860) 555-0142.';
    stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'POST /api/inquiries': { status: 429, body: { error: waiting } },
    });
    renderContact();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'jo@example.com' } });
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Avon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(waiting);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jo');
  });

  it('shows a server error or the network message', async () => {
    stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'POST /api/inquiries': { status: 400, body: { error: 'Email must be a valid e-mail address.' } },
    });
    const view = renderContact();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'jo@example.com' } });
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Avon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email must be a valid e-mail address.');
    view.unmount();

    stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'POST /api/inquiries': new TypeError('Failed to fetch'),
    });
    renderContact();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'jo@example.com' } });
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Avon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please check your connection and try again.',
    );
  });

  it('while closed: a polite message with the phone and e-mail, and no form', async () => {
    stubFetch({ 'GET /api/contact-status': { body: { is_open: false } } });
    renderContact();
    const heading = await screen.findByRole('heading', {
      name: 'We’re not taking online requests right now',
    });
    const status = heading.closest('[role="status"]') as HTMLElement;
    expect(status).not.toBeNull();
    expect(within(status).getByRole('link', { name: '(860) 555-0142' }).getAttribute('href')).toBe(
      'tel:8605550142',
    );
    expect(
      within(status).getByRole('link', { name: 'hello@bristolecoclean.example' }).getAttribute('href'),
    ).toBe('mailto:hello@bristolecoclean.example');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Request' })).toBeNull();
  });

  it("while closed until a date: the owner's message and the reopening time in the business zone", async () => {
    stubFetch({
      'GET /api/contact-status': {
        body: { is_open: false, reopens_at: '2027-01-04T14:00:00.000Z', message: 'Off for the holidays!' },
      },
    });
    renderContact();
    const heading = await screen.findByRole('heading', {
      name: 'We’re not taking online requests right now',
    });
    const status = heading.closest('[role="status"]') as HTMLElement;
    expect(status.textContent).toContain('Off for the holidays!');
    // 14:00 UTC is 9:00 AM in New York in January, whatever zone this test runs in.
    expect(status.textContent).toContain(
      'We’re taking booking requests again from January 4, 2027 at 9:00 AM.',
    );
  });
});

describe('work-request embed', () => {
  it('adds the stylesheet and script on mount and removes them on unmount', () => {
    stubFetch({});
    const embed = {
      scriptUrl: 'https://forms.example.com/work-request.js',
      stylesheetUrl: 'https://forms.example.com/work-request.css',
      containerId: 'work-request-form',
    };
    const view = renderWithApp('/', [page('/', <WorkRequestEmbed embed={embed} />)]);
    expect(document.getElementById('work-request-form')).not.toBeNull();
    const link = document.head.querySelector<HTMLLinkElement>('link[data-work-request]');
    const script = document.querySelector<HTMLScriptElement>('script[data-work-request]');
    expect(link?.href).toBe(embed.stylesheetUrl);
    expect(link?.rel).toBe('stylesheet');
    expect(script?.src).toBe(embed.scriptUrl);
    view.unmount();
    expect(document.querySelector('[data-work-request]')).toBeNull();
  });

  it('is shown on /contact when the site config names one', async () => {
    stubFetch({
      'GET /api/contact-status': { body: { is_open: true } },
      'GET /api/site-config': {
        body: {
          businessName: 'Bristol Eco Clean',
          workRequest: {
            scriptUrl: 'https://forms.example.com/w.js',
            stylesheetUrl: 'https://forms.example.com/w.css',
            containerId: 'wr-123',
          },
        },
      },
    });
    renderContact();
    expect(await screen.findByRole('heading', { name: 'Or use our work-request form' })).toBeTruthy();
    await waitFor(() => expect(document.getElementById('wr-123')).not.toBeNull());
    vi.restoreAllMocks();
  });
});
