import { inquiryRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CreateOneTimeCleaningForm } from '../src/features/cleanings/CreateOneTimeCleaningForm';
import { InquiryCard } from '../src/features/inquiries/InquiryCard';
import { CreateRecurringPaidForm } from '../src/features/recurring/CreateRecurringPaidForm';
import { nextPhoneDigits, phoneInputValue } from '../src/lib/phone';
import { DiscountButtons } from '../src/lib/ui/DiscountButtons';
import { stubFetch } from './utils';

function renderHub(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function AmountWithDiscounts({ initial }: { initial: string }) {
  const [amount, setAmount] = useState(initial);
  return (
    <>
      <label>
        Amount
        <input value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <DiscountButtons getAmount={() => amount} onApply={setAmount} />
    </>
  );
}

const amountValue = () => (screen.getByLabelText('Amount') as HTMLInputElement).value;

describe('discount buttons', () => {
  it("are '10% Off', '15% Off', '30% Off' and multiply by 0.9, 0.85, 0.7 to 2 decimals", () => {
    renderHub(<AmountWithDiscounts initial="200" />);
    fireEvent.click(screen.getByRole('button', { name: '10% Off' }));
    expect(amountValue()).toBe('180.00');
    fireEvent.click(screen.getByRole('button', { name: '15% Off' }));
    expect(amountValue()).toBe('153.00');
    fireEvent.click(screen.getByRole('button', { name: '30% Off' }));
    expect(amountValue()).toBe('107.10');
  });

  it('round to the cent and turn an empty amount into 0.00', () => {
    renderHub(<AmountWithDiscounts initial="19.99" />);
    fireEvent.click(screen.getByRole('button', { name: '15% Off' }));
    expect(amountValue()).toBe('16.99'); // 16.9915
    fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '30% Off' }));
    expect(amountValue()).toBe('0.00');
  });
});

describe('phone editing', () => {
  it('shows (XXX) XXX-XXXX as far as typed and keeps at most 10 digits', () => {
    expect(phoneInputValue('')).toBe('');
    expect(phoneInputValue('86')).toBe('(86');
    expect(phoneInputValue('86055')).toBe('(860) 55');
    expect(phoneInputValue('8605550101')).toBe('(860) 555-0101');
    expect(nextPhoneDigits('', '860a5-55')).toBe('860555');
    expect(nextPhoneDigits('8605550101', '(860) 555-01019')).toBe('8605550101');
  });

  it('lets backspace delete through a formatting character', () => {
    // "(860) 5" → the user deletes the space: the 0 before it goes, not nothing.
    expect(nextPhoneDigits('8605', '(860)5')).toBe('860');
    expect(nextPhoneDigits('8605550', '(860) 5550')).toBe('860555');
    expect(nextPhoneDigits('8605', '(860) ')).toBe('860');
  });

  const inquiry = inquiryRecord({
    id: 12,
    name: 'Linda Park',
    email: 'linda@example.com',
    phone_number: null,
    town: 'West Hartford',
    description: 'Spring cleaning.',
    submitted_at: '2026-05-01T14:00:00.000Z',
  });

  it('without a phone shows the e-mail as the way to reach them, formats while typing in edit mode and saves digits only', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/inquiries/12': { body: { ...inquiry, phone_number: '8605550199' } },
    });
    renderHub(<InquiryCard inquiry={inquiry} />);
    const card = screen.getByRole('article', { name: 'Inquiry from Linda Park' });
    // Only an e-mail given: no "Call" preference nor an empty phone, but the address.
    expect(card.textContent).toContain('PrefersE-mail (linda@example.com)');
    expect(card.textContent).not.toMatch(/N\/A|Phone|Call/);
    expect(card.textContent).toContain('May 1, 2026 at 10:00 AM');

    fireEvent.click(within(card).getByRole('button', { name: 'Edit inquiry from Linda Park' }));
    const phone = screen.getByLabelText('Phone Number') as HTMLInputElement;
    fireEvent.input(phone, { target: { value: '860' } });
    expect(phone.value).toBe('(860');
    fireEvent.input(phone, { target: { value: '(860555' } });
    expect(phone.value).toBe('(860) 555');
    fireEvent.input(phone, { target: { value: '(860) 555-0199 ext 4' } });
    expect(phone.value).toBe('(860) 555-0199');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Linda Park',
      phone_number: '8605550199',
      status: 'New Inquiry',
    });
    // Back to view mode.
    await screen.findByRole('article', { name: 'Inquiry from Linda Park' });
  });

  it('takes a +1 number as its 10 digits; after the save the card says Saved and holds the focus', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/inquiries/12': { body: { ...inquiry, phone_number: '8605557788' } },
    });
    renderHub(<InquiryCard inquiry={inquiry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit inquiry from Linda Park' }));
    const phone = screen.getByLabelText('Phone Number') as HTMLInputElement;
    fireEvent.input(phone, { target: { value: '+1 (860) 555-7788' } });
    expect(phone.value).toBe('(860) 555-7788');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const card = await screen.findByRole('article', { name: 'Inquiry from Linda Park' });
    const saved = within(card).getByRole('status');
    expect(saved.textContent).toBe('Saved your changes.');
    await waitFor(() => expect(document.activeElement?.contains(saved)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ phone_number: '8605557788' });
  });

  it('refuses ten digits that are no US number before sending, naming the field', async () => {
    const fetchMock = stubFetch({});
    renderHub(<InquiryCard inquiry={inquiry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit inquiry from Linda Park' }));
    fireEvent.input(screen.getByLabelText('Phone Number'), { target: { value: '(123) 456-7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Phone number must be a US phone number of 10 digits, e.g. (860) 555-0123.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("shows 'Failed to update inquiry.' when the server refuses, and stays in edit mode", async () => {
    stubFetch({ 'PATCH /api/inquiries/12': { status: 500, body: { error: 'boom' } } });
    renderHub(<InquiryCard inquiry={inquiry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit inquiry from Linda Park' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update inquiry.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("shows 'Failed to update status.' when the status dropdown cannot save", async () => {
    const fetchMock = stubFetch({ 'PATCH /api/inquiries/12': { status: 500 } });
    renderHub(<InquiryCard inquiry={inquiry} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Booked' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update status.');
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'Booked' });
  });
});

describe('create forms', () => {
  it("send the raw values and show the server's refusal in red (no client-side required checks)", async () => {
    const fetchMock = stubFetch({
      'GET /api/inquiries': { body: [] },
      'POST /api/one_time_cleanings': { status: 400, body: { error: 'Amount is required.' } },
    });
    renderHub(<CreateOneTimeCleaningForm />);
    expect(screen.getByText('Select an Inquiry')).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter Amount')).toBeTruthy();
    expect(screen.getByPlaceholderText('Notes (optional)')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Date and Time'), { target: { value: '2026-07-04T09:30' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paid' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Cleaning' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create one-time cleaning. Amount is required.',
    );
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      date_time: '2026-07-04T09:30',
      amount: '',
      paid: true,
      notes: '',
      notify_customer: true,
    });
  });

  it('reset after a create and say so', async () => {
    stubFetch({
      'GET /api/recurring_payments': { body: [] },
      'POST /api/recurring_paid': {
        status: 201,
        body: { id: 5, recurring_payment_name: 'Tom Reilly', dates: [], dates_related: '' },
      },
    });
    renderHub(<CreateRecurringPaidForm />);
    expect(screen.getByText('Select Client for Payment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Date' }));
    expect(screen.getAllByRole('button', { name: /^Remove date/ })).toHaveLength(2);
    fireEvent.input(screen.getByLabelText('Date 1'), { target: { value: '2026-07-04T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove date 2' }));
    fireEvent.input(screen.getByLabelText('Amount Paid:'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '10% Off' }));
    expect((screen.getByLabelText('Amount Paid:') as HTMLInputElement).value).toBe('90.00');
    fireEvent.click(screen.getByRole('button', { name: 'Create Recurring Paid Record' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Recurring paid record for Tom Reilly created.',
    );
    expect((screen.getByLabelText('Amount Paid:') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Date 1') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('button', { name: /^Remove date/ })).toHaveLength(1);
  });
});
