import { defaultSiteConfig, type Package, type SiteConfig, type WorkingHours } from '@clean/shared';
import { pricingRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PricingSection } from '../src/features/pricing/PricingSection';
import { SiteSection } from '../src/features/site/SiteSection';
import { WorkingHoursEditor } from '../src/features/visits/WorkingHoursEditor';
import { stubFetch } from './utils';

/**
 * The hub's settings forms after a save: each is rebuilt from the saved data (its draft starts afresh), and the
 * message saying what happened must outlive that rebuild and hold the focus the Save button had.
 */
function renderHub(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A server that keeps what a PUT sends and answers it to the next GET, as the real one does. */
function storing<T>(path: string, first: T, merge: (now: T, sent: T) => T = (_, sent) => sent) {
  let now = first;
  return {
    [`GET ${path}`]: () => ({ body: now }),
    [`PUT ${path}`]: (init: RequestInit) => {
      now = merge(now, JSON.parse(String(init.body)));
      return { body: now };
    },
  };
}

/** The status message: it says `text`, and it (or the box around it) has the focus. */
async function expectStatusFocused(text: RegExp) {
  const status = await screen.findByText(text);
  await waitFor(() => {
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.contains(status)).toBe(true);
  });
  return status;
}

describe('Site: the business facts and the booking rules', () => {
  it('says "Saved" after the form is rebuilt from the saved facts, with the focus on the message', async () => {
    stubFetch(
      storing<SiteConfig>('/api/site-config', defaultSiteConfig, (now, sent) => ({
        ...now,
        ...sent,
        phone: '(203) 555-0123',
      })),
    );
    renderHub(<SiteSection />);
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '+1 203 555 0123' } });
    fireEvent.change(within(form).getByLabelText(/Notice before a booking/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const status = await expectStatusFocused(/^Saved .*: phone, notice\. Every page shows it now\.$/);
    expect(status.getAttribute('role')).toBe('status');
    // The rebuilt form shows what was saved, as the site shows it.
    const rebuilt = screen.getByRole('form', { name: 'Site' });
    expect((within(rebuilt).getByLabelText('Phone') as HTMLInputElement).value).toBe('(203) 555-0123');
    expect((within(rebuilt).getByLabelText(/Notice before a booking/) as HTMLInputElement).value).toBe('12');
  });

  it('shows the server’s refusal with the focus on it, keeping what was typed', async () => {
    stubFetch({
      'GET /api/site-config': { body: defaultSiteConfig },
      'PUT /api/site-config': { status: 400, body: { error: 'Tagline must be at most 200 characters.' } },
    });
    renderHub(<SiteSection />);
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText('Tagline'), { target: { value: 'Cleaner' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await expectStatusFocused(/Tagline must be at most 200 characters/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect((within(form).getByLabelText('Tagline') as HTMLInputElement).value).toBe('Cleaner');
  });

  it('refuses a phone that is not a US number before sending', async () => {
    const fetchMock = stubFetch({ 'GET /api/site-config': { body: defaultSiteConfig } });
    renderHub(<SiteSection />);
    const form = await screen.findByRole('form', { name: 'Site' });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expectStatusFocused(/^Phone must be a US phone number of 10 digits/);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});

describe('Working hours', () => {
  const hours: WorkingHours = {
    days: { mon: [['08:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    max_overlap: 1,
    default_duration_minutes: 90,
  };

  it('says "Saved" after the form is rebuilt from the saved hours, with the focus on the message', async () => {
    stubFetch(storing('/api/working_hours', hours));
    renderHub(<WorkingHoursEditor />);
    const form = await screen.findByRole('form', { name: 'Working hours' });
    fireEvent.change(within(form).getByLabelText('Monday span 1 to'), { target: { value: '15:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save working hours' }));
    await expectStatusFocused(/^Saved the working hours\.$/);
    const rebuilt = screen.getByRole('form', { name: 'Working hours' });
    expect((within(rebuilt).getByLabelText('Monday span 1 to') as HTMLInputElement).value).toBe('15:00');
  });

  it('shows the server’s refusal with the focus on it, keeping what was typed', async () => {
    stubFetch({
      'GET /api/working_hours': { body: hours },
      'PUT /api/working_hours': { status: 400, body: { error: 'Each span must end after it starts.' } },
    });
    renderHub(<WorkingHoursEditor />);
    const form = await screen.findByRole('form', { name: 'Working hours' });
    fireEvent.change(within(form).getByLabelText('Monday span 1 to'), { target: { value: '07:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save working hours' }));
    const alert = await expectStatusFocused(/Each span must end after it starts\./);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Failed to save the working hours. Each span must end after it starts.');
    expect((within(form).getByLabelText('Monday span 1 to') as HTMLInputElement).value).toBe('07:00');
  });
});

describe('Pricing', () => {
  const packages = [
    { id: 1, title: 'Standard Clean', description: '', amount: 120, image_url: null },
  ] as unknown as Package[];
  const pricing = pricingRecord();

  it('says "Saved" after the form is rebuilt from the saved table, with the focus on the message', async () => {
    stubFetch({ 'GET /api/packages': { body: packages }, ...storing('/api/pricing', pricing) });
    renderHub(<PricingSection />);
    const form = await screen.findByRole('form', { name: 'Pricing' });
    fireEvent.change(within(form).getByLabelText('Minimum visit price ($)'), { target: { value: '110' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    await expectStatusFocused(/^Saved the prices\. The booking form quotes them now\.$/);
    const rebuilt = screen.getByRole('form', { name: 'Pricing' });
    expect((within(rebuilt).getByLabelText('Minimum visit price ($)') as HTMLInputElement).value).toBe('110');
  });

  it('shows the server’s refusal with the focus on it', async () => {
    stubFetch({
      'GET /api/packages': { body: packages },
      'GET /api/pricing': { body: pricing },
      'PUT /api/pricing': { status: 400, body: { error: 'Minimum is too large.' } },
    });
    renderHub(<PricingSection />);
    const form = await screen.findByRole('form', { name: 'Pricing' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    await expectStatusFocused(/Minimum is too large\./);
  });
});
