import type { VisitConflict } from '@clean/shared';
import { scheduleRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { CreateOneTimeCleaningForm } from '../src/features/cleanings/CreateOneTimeCleaningForm';
import { CreateRecurringPaymentForm } from '../src/features/recurring/CreateRecurringPaymentForm';
import { RecurringSchedulerSection } from '../src/features/recurring/RecurringSchedulerSection';
import { WorkingHoursEditor } from '../src/features/visits/WorkingHoursEditor';
import { stubFetch } from './utils';

function renderHub(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const hours = {
  days: { mon: [['08:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  max_overlap: 1,
  default_duration_minutes: 90,
};
const overlap: VisitConflict = {
  kind: 'overlap',
  key: 'o7',
  inquiry_name: 'Maria Gonzalez',
  start: '2027-03-02T14:00:00.000Z',
  end: '2027-03-02T16:00:00.000Z',
  message: 'Overlaps Maria Gonzalez on March 2, 2027 at 9:00 AM.',
};
const outside: VisitConflict = {
  kind: 'outside_hours',
  key: null,
  inquiry_name: null,
  start: null,
  end: null,
  message: 'Outside the working hours (Tuesday: none).',
};
const conflictCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/api/visits/conflicts');

describe('the schedule form', () => {
  it('asks for conflicts as the owner types, warns without blocking, and shows those of the saved schedule', async () => {
    const fetchMock = stubFetch({
      'GET /api/inquiries': { body: [] },
      'GET /api/working_hours': { body: hours },
      'GET /api/visits/conflicts': { body: [overlap, outside, outside] },
      'POST /api/recurring_payments': {
        status: 201,
        body: { id: 5, inquiry_name: 'Tom Reilly', conflicts: [outside], visits_note: null },
      },
    });
    renderHub(<CreateRecurringPaymentForm />);
    const length = screen.getByLabelText('Visit length (minutes)') as HTMLInputElement;
    await waitFor(() => expect(length.placeholder).toBe('90'));
    expect(screen.getByText('Empty: the default, 90 minutes.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'Weekly' } });
    fireEvent.input(screen.getByLabelText('First visit'), { target: { value: '2027-03-02T09:00' } });
    fireEvent.input(length, { target: { value: '60' } });
    const warning = await screen.findByText('Heads up: you can still save, but');
    // Typed in quick succession: asked once, for the values as they ended.
    expect(conflictCalls(fetchMock)).toHaveLength(1);
    expect(Object.fromEntries(conflictCalls(fetchMock)[0]?.searchParams ?? [])).toEqual({
      start: '2027-03-02T09:00',
      duration_minutes: '60',
      frequency: 'Weekly',
    });
    // The same outside-hours sentence for several occurrences reads once.
    expect(
      within(warning.parentElement as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([overlap.message, outside.message]);
    const create = screen.getByRole('button', {
      name: 'Create Recurring Payment Schedule',
    }) as HTMLButtonElement;
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    expect(await screen.findByText('Recurring payment schedule for Tom Reilly created.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      amount: '120',
      frequency: 'Weekly',
      first_visit_at: '2027-03-02T09:00',
      duration_minutes: 60,
      notify_customer: true,
    });
    const saved = screen.getByText('Saved, but note:');
    expect(saved.parentElement?.textContent).toContain(outside.message);
  });

  it("says why a saved schedule puts no visits on the calendar, and sends neither visit field when they're empty", async () => {
    const fetchMock = stubFetch({
      'GET /api/inquiries': { body: [] },
      'GET /api/working_hours': { body: hours },
      'POST /api/recurring_payments': {
        status: 201,
        body: {
          id: 6,
          inquiry_name: 'Ann Lee',
          conflicts: [],
          visits_note: 'No visits on the calendar: this schedule has no first visit.',
        },
      },
    });
    renderHub(<CreateRecurringPaymentForm />);
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'Weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Recurring Payment Schedule' }));
    expect(
      await screen.findByText('No visits on the calendar: this schedule has no first visit.'),
    ).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    const body = JSON.parse(String(init?.body));
    expect('first_visit_at' in body || 'duration_minutes' in body).toBe(false);
    expect(conflictCalls(fetchMock)).toHaveLength(0);
  });
});

describe('the frequency', () => {
  it('is a choice of Weekly, Every 2 weeks, Every 4 weeks and Monthly; a schedule saved with other text keeps it', async () => {
    const fetchMock = stubFetch({
      'GET /api/recurring_payments': {
        body: [scheduleRecord({ id: 6, inquiry_name: 'Ann Lee', frequency: 'Whenever' })],
        headers: { 'X-Total-Count': '1' },
      },
      'GET /api/recurring_payments/overdue': { body: [] },
      'GET /api/working_hours': { body: hours },
      'GET /api/visits/conflicts': { body: [] },
      'PATCH /api/recurring_payments/6': {
        body: scheduleRecord({ id: 6, inquiry_name: 'Ann Lee', frequency: 'Monthly' }),
      },
    });
    renderHub(<RecurringSchedulerSection />);
    const ann = await screen.findByRole('article', { name: /Ann Lee/ });
    fireEvent.click(within(ann).getByRole('button', { name: /Edit/ }));
    const form = screen.getByRole('form', { name: /Edit recurring payment schedule for Ann Lee/ });
    const frequency = within(form).getByLabelText('Frequency') as HTMLSelectElement;
    expect(frequency.tagName).toBe('SELECT');
    expect([...frequency.options].map((o) => o.textContent)).toEqual([
      'Not set',
      'Weekly',
      'Every 2 weeks',
      'Every 4 weeks',
      'Monthly',
      'Whenever',
    ]);
    expect(frequency.value).toBe('Whenever');
    fireEvent.change(frequency, { target: { value: 'Monthly' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ frequency: 'Monthly' });
  });
});

describe('the one-time cleaning form', () => {
  it('takes the chosen request’s quoted amount and length, and keeps what the owner typed', async () => {
    const dana = {
      id: 41,
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      status: 'New Inquiry',
      quote: { amount: 182.5, duration_minutes: 200, lines: [] },
    };
    const bob = {
      id: 42,
      name: 'Bob Stone',
      email: null,
      status: 'New Inquiry',
      quote: { amount: 99, duration_minutes: 90, lines: [] },
    };
    stubFetch({
      'GET /api/inquiries': (_init, url) => ({
        body: [dana, bob].filter((i) => i.name.includes(url.searchParams.get('name') ?? '')),
      }),
      'GET /api/working_hours': { body: hours },
      'GET /api/visits/conflicts': { body: [] },
    });
    renderHub(<CreateOneTimeCleaningForm />);
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    const length = screen.getByLabelText('Visit length (minutes)') as HTMLInputElement;
    const choose = async (name: string) => {
      fireEvent.keyDown(screen.getByLabelText('Inquiry'), { key: 'ArrowDown' });
      fireEvent.click(await screen.findByText(name));
    };
    await choose('Dana Whitfield');
    await waitFor(() => expect(amount.value).toBe('182.50'));
    expect(length.value).toBe('200');
    // The owner changes the length; another request then replaces only the amount it filled.
    fireEvent.input(length, { target: { value: '240' } });
    await choose('Bob Stone');
    await waitFor(() => expect(amount.value).toBe('99.00'));
    expect(length.value).toBe('240');
  });

  it("asks for its date's conflicts with the default length and sends the length typed", async () => {
    const fetchMock = stubFetch({
      'GET /api/inquiries': { body: [] },
      'GET /api/working_hours': { body: hours },
      'GET /api/visits/conflicts': { body: [overlap] },
      'POST /api/one_time_cleanings': {
        status: 201,
        body: { id: 8, inquiry_name: 'Ann Lee', conflicts: [overlap] },
      },
    });
    renderHub(<CreateOneTimeCleaningForm />);
    const confirm = screen.getByLabelText('Send the customer a confirmation') as HTMLInputElement;
    expect(confirm.checked).toBe(true);
    fireEvent.click(confirm);
    fireEvent.input(screen.getByLabelText('Date and Time'), { target: { value: '2027-03-02T10:00' } });
    expect(await screen.findByText(overlap.message)).toBeTruthy();
    expect(Object.fromEntries(conflictCalls(fetchMock)[0]?.searchParams ?? [])).toEqual({
      start: '2027-03-02T10:00',
    });
    fireEvent.input(screen.getByLabelText('Visit length (minutes)'), { target: { value: '45' } });
    await waitFor(() =>
      expect(conflictCalls(fetchMock).at(-1)?.searchParams.get('duration_minutes')).toBe('45'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Cleaning' }));
    expect(await screen.findByText('Saved, but note:')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      date_time: '2027-03-02T10:00',
      duration_minutes: 45,
      notify_customer: false,
    });
  });
});

describe('the schedule list', () => {
  it('says when the visits happen or why there are none, and edits the first visit and length', async () => {
    const fetchMock = stubFetch({
      'GET /api/recurring_payments': {
        body: [
          scheduleRecord(),
          scheduleRecord({
            id: 6,
            inquiry_name: 'Ann Lee',
            frequency: 'Whenever',
            visits_note:
              'No visits on the calendar: the frequency "Whenever" is not one the calendar understands (for example Weekly, Every 2 weeks, Monthly).',
          }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
      'GET /api/recurring_payments/overdue': { body: [] },
      'GET /api/working_hours': { body: hours },
      'GET /api/visits/conflicts': { body: [] },
      'PATCH /api/recurring_payments/5': { body: { ...scheduleRecord(), conflicts: [overlap] } },
    });
    renderHub(<RecurringSchedulerSection />);
    const tom = await screen.findByRole('article', { name: /Tom Reilly/ });
    await waitFor(() => expect(tom.textContent).toContain('From March 2, 2027 at 9:00 AM, 90 minutes each'));
    const ann = screen.getByRole('article', { name: /Ann Lee/ });
    expect(ann.textContent).toContain('the frequency "Whenever" is not one the calendar understands');

    fireEvent.click(within(tom).getByRole('button', { name: /Edit/ }));
    const form = screen.getByRole('form', { name: /Edit recurring payment schedule for Tom Reilly/ });
    expect((within(form).getByLabelText('First visit') as HTMLInputElement).value).toBe('2027-03-02T09:00');
    fireEvent.input(within(form).getByLabelText('Visit length (minutes)'), { target: { value: '150' } });
    await waitFor(() =>
      expect(Object.fromEntries(conflictCalls(fetchMock).at(-1)?.searchParams ?? [])).toEqual({
        start: '2027-03-02T09:00',
        duration_minutes: '150',
        frequency: 'Weekly',
        exclude_key: 's5',
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved, but note:')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      first_visit_at: '2027-03-02T09:00',
      duration_minutes: 150,
    });
  });
});

describe('the working hours editor', () => {
  it("edits each day's spans, the overlap and the default length, and saves them", async () => {
    const puts: unknown[] = [];
    stubFetch({
      'GET /api/working_hours': { body: hours },
      'PUT /api/working_hours': (init) => {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return { body };
      },
    });
    renderHub(<WorkingHoursEditor />);
    const form = await screen.findByRole('form', { name: 'Working hours' });
    expect((within(form).getByLabelText('Monday span 1 from') as HTMLInputElement).value).toBe('08:00');
    expect(within(form).getByRole('group', { name: 'Sunday' }).textContent).toContain('Closed');
    fireEvent.click(within(form).getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(within(form).getByLabelText('Monday span 1 to'), { target: { value: '12:00' } });
    fireEvent.change(within(form).getByLabelText('Monday span 2 from'), { target: { value: '13:00' } });
    fireEvent.change(within(form).getByLabelText('Monday span 2 to'), { target: { value: '18:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add hours on Saturday' }));
    fireEvent.change(within(form).getByLabelText('Saturday span 1 to'), { target: { value: '12:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Tuesday span 1' }));
    fireEvent.change(within(form).getByLabelText('Visits that may overlap'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Default visit length (minutes)'), {
      target: { value: '150' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Saved the working hours.')).toBeTruthy();
    expect(puts).toEqual([
      {
        days: {
          mon: [
            ['08:00', '12:00'],
            ['13:00', '18:00'],
          ],
          tue: [],
          wed: [],
          thu: [],
          fri: [],
          sat: [['08:00', '12:00']],
          sun: [],
        },
        max_overlap: 2,
        default_duration_minutes: 150,
      },
    ]);
  });

  it('says so when the hours cannot be loaded', async () => {
    stubFetch({ 'GET /api/working_hours': { status: 500, body: { error: 'boom' } } });
    renderHub(<WorkingHoursEditor />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the working hours.');
  });
});
