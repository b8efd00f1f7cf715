import type { Package } from '@clean/shared';
import { pricingRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slugOf, suggestKey } from '../src/features/pricing/draft';
import { PricingSection } from '../src/features/pricing/PricingSection';
import { stubFetch } from './utils';

const PACKAGES: Package[] = [
  { id: 1, title: 'Standard Clean', description: 'Kitchen, baths, floors', amount: 120, image_url: null },
  { id: 2, title: 'Deep Clean', description: 'Everything, inside too', amount: 220, image_url: null },
] as unknown as Package[];

const PRICING = pricingRecord({
  extras: [{ key: 'inside-fridge', name: 'Inside the fridge', amount: 25, minutes: 30 }],
});

/** The Pricing form over the stubbed table and packages; PUT /api/pricing answers what it was sent unless told. */
async function openPricing(
  put: Parameters<typeof stubFetch>[0][string] = (init) => ({ body: JSON.parse(String(init?.body)) }),
) {
  const fetchMock = stubFetch({
    'GET /api/pricing': { body: PRICING },
    'GET /api/packages': { body: PACKAGES },
    'PUT /api/pricing': put,
  });
  renderPricing();
  return { fetchMock, form: await screen.findByRole('form', { name: 'Pricing' }) };
}

/** Adds a second extra on the Pricing form and types its name and price. */
function addExtra(form: HTMLElement, name: string, price: string) {
  fireEvent.click(within(form).getByRole('button', { name: 'Add an extra' }));
  fireEvent.change(within(form).getAllByLabelText('Name')[1] as HTMLElement, { target: { value: name } });
  fireEvent.change(within(form).getAllByLabelText('Price ($)')[1] as HTMLElement, {
    target: { value: price },
  });
}

const renderPricing = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <PricingSection />
    </QueryClientProvider>,
  );

const putBody = (fetchMock: ReturnType<typeof stubFetch>) => {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return put ? JSON.parse(String(put[1]?.body)) : undefined;
};

const amount = () => screen.getByTestId('example-amount').textContent;

describe('the hub’s Pricing editor', () => {
  it('works an example quote out as the owner types, with the shared quote function', async () => {
    stubFetch({ 'GET /api/pricing': { body: PRICING }, 'GET /api/packages': { body: PACKAGES } });
    renderPricing();
    const example = await screen.findByRole('complementary', { name: 'Example quote' });
    // Standard 120 + 2 more bedrooms 40 + 1 more bathroom 15 = 175, 120 + 60 + 20 minutes.
    expect(amount()).toBe('$175.00');
    expect(within(example).getByText('About 3 h 20 min')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Per bedroom ($)'), { target: { value: '25.50' } });
    expect(amount()).toBe('$186.00');
    fireEvent.change(within(example).getByLabelText('How often'), { target: { value: 'weekly' } });
    // 186 less 15% = 158.10, with the discount as its own line.
    expect(amount()).toBe('$158.10');
    expect(within(example).getByText('Weekly discount (15%)')).toBeTruthy();
    fireEvent.click(within(example).getByLabelText('Inside the fridge'));
    expect(amount()).toBe('$179.35');
    // The only package without base minutes is not offered; giving it some offers it.
    const choices = () => within(within(example).getByLabelText('Package')).getAllByRole('option');
    expect(choices().map((o) => o.textContent)).toEqual(['Standard Clean']);
    fireEvent.change(screen.getByLabelText('Deep Clean: base minutes'), { target: { value: '240' } });
    expect(choices().map((o) => o.textContent)).toEqual(['Standard Clean', 'Deep Clean']);
    // A table that breaks the rules gives no number at all.
    fireEvent.change(screen.getByLabelText('Weekly (%)'), { target: { value: '95' } });
    expect(within(example).getByText('Fix the marked prices to see the quote.')).toBeTruthy();
  });

  it('adds an extra whose key comes from its name (no key to type), removes one, and saves the whole table', async () => {
    const { fetchMock, form } = await openPricing();
    fireEvent.click(within(form).getByRole('button', { name: 'Add an extra' }));
    const names = within(form).getAllByLabelText('Name');
    expect(within(form).queryByLabelText(/^Key/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(names[1]));
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Inside the oven & stove' } });
    fireEvent.change(within(form).getAllByLabelText('Price ($)')[1] as HTMLElement, {
      target: { value: '30' },
    });
    fireEvent.change(within(form).getAllByLabelText('Minutes')[1] as HTMLElement, {
      target: { value: '45' },
    });
    fireEvent.change(names[0] as HTMLElement, { target: { value: 'Fridge, inside' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Fridge, inside' }));
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Add an extra' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved the prices. The booking form quotes them now.',
    );
    expect(putBody(fetchMock)).toEqual({
      ...PRICING,
      extras: [
        { key: 'inside-the-oven-and-stove', name: 'Inside the oven & stove', amount: 30, minutes: 45 },
      ],
    });
  });

  it('keeps a saved extra’s key when it is renamed, and makes a new one’s key unique', async () => {
    const { fetchMock, form } = await openPricing();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Fridge, inside' } });
    addExtra(form, 'Inside fridge', '10');
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    await screen.findByRole('status');
    expect(putBody(fetchMock).extras).toEqual([
      { key: 'inside-fridge', name: 'Fridge, inside', amount: 25, minutes: 30 },
      { key: 'inside-fridge-2', name: 'Inside fridge', amount: 10, minutes: 0 },
    ]);
  });

  it('edits the package prices: only the changed package is sent, as shown with its new amount, and it says Saved', async () => {
    const fetchMock = stubFetch({
      'GET /api/pricing': { body: PRICING },
      'GET /api/packages': { body: PACKAGES },
      'PUT /api/packages/2': (init) => ({ body: { id: 2, ...JSON.parse(String(init.body)) } }),
    });
    renderPricing();
    const form = await screen.findByRole('form', { name: 'Package prices' });
    const standard = within(form).getByLabelText('Standard Clean ($)') as HTMLInputElement;
    expect(standard.value).toBe('120.00');
    fireEvent.change(standard, { target: { value: '12.345' } });
    fireEvent.change(within(form).getByLabelText('Deep Clean ($)'), { target: { value: '240' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save package prices' }));
    expect(standard.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Amount must be a number like 120 or 99.50.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(standard, { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save package prices' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved the package prices.');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([u]) => String(u))).toEqual(['/api/packages/2']);
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toEqual({
      title: 'Deep Clean',
      description: 'Everything, inside too',
      amount: '240',
      image_url: null,
    });
  });

  it('names each bad field and sends nothing; a refusal from the server shows beside the form', async () => {
    const { fetchMock, form } = await openPricing({ status: 400, body: { error: 'Minimum is too large.' } });
    fireEvent.change(within(form).getByLabelText('Per bathroom ($)'), { target: { value: '12.345' } });
    fireEvent.change(within(form).getByLabelText('Every 2 weeks (%)'), { target: { value: '91' } });
    addExtra(form, '!!!', '5');
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    const bathroom = within(form).getByLabelText('Per bathroom ($)');
    expect(bathroom.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Per bathroom amount must be a number like 120 or 99.50.')).toBeTruthy();
    expect(within(form).getByText('Every-2-weeks discount must be at most 90%.')).toBeTruthy();
    expect(within(form).getByText('Give the extra a name with letters or digits.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(bathroom));
    expect(putBody(fetchMock)).toBeUndefined();

    fireEvent.change(bathroom, { target: { value: '12.35' } });
    fireEvent.change(within(form).getByLabelText('Every 2 weeks (%)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove !!!' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The prices could not be saved. Minimum is too large.',
    );
    expect(putBody(fetchMock).per_bathroom).toEqual({ amount: 12.35, minutes: 20 });
  });

  it('says so while loading, when loading fails (with a retry), and when no table is saved yet', async () => {
    let fail = true;
    stubFetch({
      'GET /api/pricing': () =>
        fail ? { status: 500, body: { error: 'Boom' } } : { body: { ...PRICING, packages: [] } },
      'GET /api/packages': { body: PACKAGES },
    });
    renderPricing();
    expect(screen.getByRole('status').textContent).toBe('Loading the price table...');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Failed to load the price table\./);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByText(/No price table yet/)).textContent).toBe(
      'No price table yet: fill it in and save, and the booking form shows prices.',
    );
    expect((screen.getByLabelText('Standard Clean: base minutes') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Give a package its base minutes to see a quote.')).toBeTruthy();
  });

  it('suggests keys the schema accepts, unique among the others', () => {
    expect(slugOf('  Crème brûlée — oven!! ')).toBe('creme-brulee-oven');
    expect(slugOf('x'.repeat(50))).toHaveLength(40);
    expect(suggestKey('Fridge', ['fridge', 'fridge-2'])).toBe('fridge-3');
    expect(suggestKey('!!!', [])).toBe('');
  });
});
