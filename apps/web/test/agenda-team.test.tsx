import { scheduleRecord, visitRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChecklistEditor } from '../src/features/checklists/ChecklistEditor';
import { RecurringSchedulerSection } from '../src/features/recurring/RecurringSchedulerSection';
import { atMarch10, renderAgenda } from './support/agenda';
import { stubFetch } from './utils';

const SLOW = { timeout: 5000 };
const empty = { one_time_cleanings: [], recurring_paid_records: [] };
const visits = [
  visitRecord({
    key: 'r9-20270316T130000Z',
    start: '2027-03-16T13:00:00.000Z',
    end: '2027-03-16T15:00:00.000Z',
    cleaner_id: 2,
    cleaner_name: 'Ana Lima',
  }),
  visitRecord({
    key: 'r9-20270317T130000Z',
    start: '2027-03-17T13:00:00.000Z',
    end: '2027-03-17T15:00:00.000Z',
    inquiry_name: 'Priya Shah',
    cleaner_id: 3,
    cleaner_name: 'Ben Moss',
  }),
  visitRecord({
    key: 'r9-20270318T130000Z',
    start: '2027-03-18T13:00:00.000Z',
    end: '2027-03-18T15:00:00.000Z',
    inquiry_name: 'Sam Nobody',
  }),
];

describe('the Agenda by person', () => {
  it('names who cleans each visit, in their colour, and filters by person', async () => {
    atMarch10();
    stubFetch({ 'GET /api/cleaning_dates_summary': { body: empty }, 'GET /api/visits': { body: visits } });
    renderAgenda();
    const ana = await screen.findByRole('button', { name: 'Visit: Tom Reilly · Ana Lima' }, SLOW);
    expect(ana.closest('.rbc-event')?.getAttribute('style')).toMatch(/inset 6px 0 0/);
    expect(screen.getByRole('button', { name: 'Visit: Priya Shah · Ben Moss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Visit: Sam Nobody' })).toBeTruthy();

    const filter = screen.getByRole('combobox', { name: 'Whose visits' });
    const ben = screen.getByRole('option', { name: 'Ben Moss' }) as HTMLOptionElement;
    fireEvent.change(filter, { target: { value: ben.value } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Tom Reilly/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Visit: Priya Shah · Ben Moss' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visit: Sam Nobody' })).toBeNull();

    fireEvent.change(filter, { target: { value: 'none' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Visit: Sam Nobody' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Ben Moss/ })).toBeNull();
  });
});

describe('giving a visit to someone', () => {
  it('sends cleaner_id; a 409 names the other visit and "Give it anyway" sends allow_overlap', async () => {
    atMarch10();
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: empty },
      'GET /api/visits': { body: visits },
      'GET /api/team': {
        body: [
          { id: 3, name: 'Ben Moss' },
          { id: 4, name: 'Cy Park' },
        ],
      },
      'PATCH /api/visits/r9-20270318T130000Z': (init) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return body.allow_overlap
          ? { body: { ...visits[2], cleaner_id: 4, cleaner_name: 'Cy Park' } }
          : {
              status: 409,
              body: {
                error:
                  'Cy Park has another visit then. Overlaps Tom Reilly (Thu, Mar 18, 2027, 9:00 AM–11:00 AM). Send allow_overlap: true to give it to them anyway.',
              },
            };
      },
    });
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'Visit: Sam Nobody' }, SLOW));
    const who = await screen.findByRole('combobox', { name: 'Who cleans' });
    await screen.findByRole('option', { name: 'Cy Park' }, SLOW);
    fireEvent.change(who, { target: { value: '4' } });
    expect(
      await screen.findByText(/Cy Park has another visit then\. Overlaps Tom Reilly/, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByText(/allow_overlap/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Give it anyway' }));
    await waitFor(() => expect((who as HTMLSelectElement).value).toBe('4'), SLOW);
    expect(bodies).toEqual([{ cleaner_id: 4 }, { cleaner_id: 4, allow_overlap: true }]);
  });
});

describe('a checklist editor', () => {
  it('edits, adds, removes and saves the whole list, then says Saved', async () => {
    let sent: unknown;
    stubFetch({
      'GET /api/packages/3/checklist': {
        body: {
          items: [
            { id: 7, label: 'Kitchen', required: true },
            { id: 8, label: 'Windows', required: false },
          ],
        },
      },
      'PUT /api/packages/3/checklist': (init) => {
        sent = JSON.parse(String(init.body));
        return {
          body: {
            items: [
              { id: 7, label: 'Kitchen', required: false },
              { id: 9, label: 'Oven', required: true },
            ],
          },
        };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChecklistEditor owner={{ kind: 'packages', id: 3 }} title="Deep Clean" />
      </QueryClientProvider>,
    );
    expect(((await screen.findByLabelText('Item 1', {}, SLOW)) as HTMLInputElement).value).toBe('Kitchen');
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Required' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    fireEvent.change(screen.getByLabelText('Item 2'), { target: { value: 'Oven' } });
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Required' })[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect(await screen.findByText('Saved.', {}, SLOW)).toBeTruthy();
    expect(sent).toEqual({
      items: [
        { label: 'Kitchen', required: false },
        { label: 'Oven', required: true },
      ],
    });
  });

  it('refuses a list with a label twice before sending it', async () => {
    let puts = 0;
    stubFetch({
      'GET /api/inquiries/5/checklist': { body: { items: [{ id: 1, label: 'Cat', required: false }] } },
      'PUT /api/inquiries/5/checklist': () => {
        puts++;
        return { body: { items: [] } };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChecklistEditor owner={{ kind: 'inquiries', id: 5 }} title="This home’s items" />
      </QueryClientProvider>,
    );
    await screen.findByLabelText('Item 1', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    fireEvent.change(screen.getByLabelText('Item 2'), { target: { value: 'cat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect(await screen.findByText('Each label may appear once.')).toBeTruthy();
    expect(puts).toBe(0);
  });
});

describe('a schedule’s default cleaner', () => {
  const tom = scheduleRecord({ duration_minutes: 90, cleaner_id: 4, version: '3' });

  it('keeps its cleaner unsent until changed, then sends it with allow_overlap as ticked', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/recurring_payments': { body: [tom], headers: { 'X-Total-Count': '1' } },
      'GET /api/recurring_payments/overdue': { body: [] },
      'GET /api/visits/conflicts': { body: [] },
      'GET /api/team': {
        body: [
          { id: 3, name: 'Ben Moss' },
          { id: 4, name: 'Cy Park' },
        ],
      },
      'PATCH /api/recurring_payments/5': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return { body: { ...tom, conflicts: [] } };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RecurringSchedulerSection />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('article', { name: /Tom Reilly/ }, SLOW);
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    const form = () => screen.getByRole('form', { name: /Edit recurring payment schedule for Tom Reilly/ });
    const who = within(form()).getByLabelText('Who cleans its visits') as HTMLSelectElement;
    await within(form()).findByRole('option', { name: 'Ben Moss' }, SLOW);
    expect(who.value).toBe('4');
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1), SLOW);
    expect(bodies[0]).not.toHaveProperty('cleaner_id');

    fireEvent.click(
      within(await screen.findByRole('article', { name: /Tom Reilly/ }, SLOW)).getByRole('button', {
        name: /Edit/,
      }),
    );
    fireEvent.change(within(form()).getByLabelText('Who cleans its visits'), { target: { value: '3' } });
    fireEvent.click(
      within(form()).getByRole('checkbox', { name: 'Even if a visit overlaps another of theirs' }),
    );
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2), SLOW);
    expect(bodies[1]).toMatchObject({ cleaner_id: 3, allow_overlap: true });
  });
});
