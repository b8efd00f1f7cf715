import { agendaCleaning, agendaPaidRecord, visitRecord } from '@clean/shared/test-support';

// The owner's browser may sit in another zone than the business: run these in Berlin on purpose.
process.env.TZ = 'Europe/Berlin';

import type { CleaningDatesSummary } from '@clean/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { splitDays } from '../src/features/agenda/api';
import { monthRange, visitsRange } from '../src/features/agenda/calendarTime';
import { buildEvents } from '../src/features/agenda/events';
import { atMarch10, renderAgenda } from './support/agenda';
import { stubFetch } from './utils';

const NY = 'America/New_York';
const wall = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

// Weekly from Tuesday 2027-03-02 09:00 New York: EST before March 14, EDT after.
const before = visitRecord({
  key: 'r9-20270302T140000Z',
  start: '2027-03-02T14:00:00.000Z',
  end: '2027-03-02T16:00:00.000Z',
});
const paid = visitRecord({
  key: 'r9-20270309T140000Z',
  start: '2027-03-09T14:00:00.000Z',
  end: '2027-03-09T16:00:00.000Z',
  status: 'done',
  paid: true,
  recurring_paid_id: 31,
});
const after = visitRecord({
  key: 'r9-20270316T130000Z',
  start: '2027-03-16T13:00:00.000Z',
  end: '2027-03-16T15:00:00.000Z',
});
const skipped = visitRecord({
  key: 'r9-20270323T130000Z',
  start: '2027-03-23T13:00:00.000Z',
  end: '2027-03-23T15:00:00.000Z',
  status: 'skipped',
});
const oneTime = visitRecord({
  key: 'o7',
  kind: 'one_time',
  inquiry_name: 'Maria Gonzalez',
  start: '2027-03-11T15:00:00.000Z',
  end: '2027-03-11T16:30:00.000Z',
  one_time_cleaning_id: 7,
  recurring_payment_id: null,
});
const visits = [before, paid, oneTime, after, skipped];

const summary: CleaningDatesSummary = {
  one_time_cleanings: [
    agendaCleaning({
      cleaning_id: 7,
      inquiry_name: 'Maria Gonzalez',
      date_time: '2027-03-11T15:00:00.000Z',
    }),
  ],
  recurring_paid_records: [
    agendaPaidRecord({
      recurring_paid_id: 31,
      inquiry_id: 4,
      inquiry_name: 'Tom Reilly',
      dates: ['2027-03-09T14:00:00.000Z'],
    }),
  ],
};

describe('visits on the agenda', () => {
  it("adds 'Visit: <name>' per recurring visit not paid yet, at its New York wall time across the DST change", () => {
    const events = buildEvents(summary, NY, visits);
    expect(events.map((e) => e.title)).toEqual([
      'One-Time: Maria Gonzalez',
      'Recurring: Tom Reilly', // the paid visit of March 9, once, by its paid record
      'Visit: Tom Reilly',
      'Visit: Tom Reilly',
      'Skipped: Tom Reilly',
    ]);
    const [one, , first, second] = events;
    expect([wall(first?.start as Date), wall(first?.end as Date)]).toEqual([
      [2027, 3, 2, 9, 0],
      [2027, 3, 2, 11, 0],
    ]);
    expect([wall(second?.start as Date), wall(second?.end as Date)]).toEqual([
      [2027, 3, 16, 9, 0],
      [2027, 3, 16, 11, 0],
    ]);
    // The one-time cleaning takes its real length (90 minutes) from its visit.
    expect(wall(one?.end as Date)).toEqual([2027, 3, 11, 11, 30]);
  });

  it("names a one-time cleaning the customer cancelled 'Cancelled: <name>' (its link's change; the calendar strikes it through)", () => {
    const cancelled = { ...oneTime, status: 'cancelled' as const };
    const [event] = buildEvents(summary, NY, [cancelled]);
    expect(event?.title).toBe('Cancelled: Maria Gonzalez');
    expect(event?.detail).toMatchObject({ kind: 'one-time', visit: { status: 'cancelled' } });
  });

  it('asks for the business dates on screen, in pieces of at most 92 days', () => {
    expect(visitsRange(monthRange(new Date(2027, 2, 10)))).toEqual({ from: '2027-02-28', to: '2027-04-03' });
    expect(splitDays({ from: '2027-01-01', to: '2027-12-31' })).toEqual([
      { from: '2027-01-01', to: '2027-04-02' },
      { from: '2027-04-03', to: '2027-07-03' },
      { from: '2027-07-04', to: '2027-10-03' },
      { from: '2027-10-04', to: '2027-12-31' },
    ]);
    expect(splitDays({ from: '2027-03-02', to: '2027-03-02' })).toEqual([
      { from: '2027-03-02', to: '2027-03-02' },
    ]);
  });
});

// react-big-calendar's grids are slow to lay out in jsdom on a busy machine (a week is 7 × 48 slots).
const SLOW = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

describe('the Cleaning Calendar with visits', () => {
  it('shows a planned visit in the month and week views', async () => {
    atMarch10();
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
    });
    renderAgenda();
    expect((await screen.findAllByRole('button', { name: 'Visit: Tom Reilly' }, SLOW)).length).toBe(2);
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));
    const visitsUrl = asked.find((u) => u.pathname === '/api/visits');
    expect(visitsUrl?.search).toBe('?from=2027-02-28&to=2027-04-03');
    expect(screen.getByRole('button', { name: 'Skipped: Tom Reilly' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Recurring: Tom Reilly' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    // The week of March 7–13: only the March 9 paid record and the one-time cleaning; ask for that week.
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.some(([u]) => String(u) === '/api/visits?from=2027-03-07&to=2027-03-13'),
        ).toBe(true),
      SLOW,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Visit: Tom Reilly' }, SLOW)).toBeTruthy();
  });

  it('opens the phone list at today, the days before folded away', async () => {
    atMarch10();
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
    });
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'List' }, SLOW));
    const list = await screen.findByRole('region', { name: 'Thursday, March 11' }, SLOW);
    expect(within(list).getByText(/^10:00 AM · One-time$/)).toBeTruthy();
    const later = screen.getByRole('region', { name: 'Tuesday, March 16' });
    expect(within(later).getByText(/9:00 AM–11:00 AM · Visit · Bristol/)).toBeTruthy();
    expect(screen.getByText('Nothing planned today.')).toBeTruthy();
    // March 2 and March 9 are before today: folded until asked for.
    expect(screen.queryByRole('region', { name: 'Tuesday, March 2' })).toBeNull();
    const reveal = screen.getByRole('button', { name: 'Show 2 earlier days this month' });
    expect(reveal.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(reveal);
    expect(screen.getByRole('region', { name: 'Tuesday, March 2' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Hide the days before today' }).getAttribute('aria-expanded'),
    ).toBe('true');
    // Another month shows all its days.
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /earlier days/ })).toBeNull());
  });

  it('says so when the visits cannot be loaded, and still shows the rest', async () => {
    atMarch10();
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { status: 500, body: { error: 'boom' } },
    });
    renderAgenda();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the recurring visits.');
    expect(screen.getByRole('button', { name: 'One-Time: Maria Gonzalez' })).toBeTruthy();
  });
});

describe("a visit's panel", () => {
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
  const patches = (fetchMock: ReturnType<typeof stubFetch>) =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');

  it('records Done & paid in one tap, sends one request for a double tap, then shows it paid and refreshes', async () => {
    atMarch10();
    let answer: () => void = () => {};
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
      'PATCH /api/visits/r9-20270316T130000Z': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { ...after, status: 'done', paid: true, recurring_paid_id: 32 } });
        }),
    });
    renderAgenda();
    const [, march16] = await screen.findAllByRole('button', { name: 'Visit: Tom Reilly' }, SLOW);
    fireEvent.click(march16 as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Visit: Tom Reilly' });
    expect(dialog.textContent).toContain('Recurring Visit');
    expect(dialog.textContent).toContain('March 16, 2027 at 9:00 AM – 11:00 AM');
    expect(dialog.textContent).toMatch(/PaidNo/);
    const done = within(dialog).getByRole('button', { name: 'Done & paid' });
    fireEvent.click(done);
    fireEvent.click(done);
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
    expect(bodyOf(patches(fetchMock)[0]?.[1])).toEqual({
      status: 'done',
      paid: true,
      payment_method: 'cash',
    });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    const visitsAsked = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/visits?')).length;
    const summaryAsked = fetchMock.mock.calls.filter(([u]) =>
      String(u).startsWith('/api/cleaning_dates_summary'),
    ).length;
    answer();
    expect(await within(dialog).findByText('Done and paid: a paid record of $120.00 was made.')).toBeTruthy();
    expect(dialog.textContent).toMatch(/PaidYes/);
    expect(within(dialog).queryByRole('button', { name: 'Done & paid' })).toBeNull();
    // The calendar asks again: the visit now shows by its paid record.
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/visits?')).length,
      ).toBeGreaterThan(visitsAsked);
      expect(
        fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/cleaning_dates_summary')).length,
      ).toBeGreaterThan(summaryAsked);
    });
    expect(patches(fetchMock)).toHaveLength(1);
  });

  it('skips a visit and can put it back', async () => {
    atMarch10();
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
      'PATCH /api/visits/r9-20270302T140000Z': (init) => ({
        body: { ...before, status: bodyOf(init).status },
      }),
    });
    renderAgenda();
    const [march2] = await screen.findAllByRole('button', { name: 'Visit: Tom Reilly' }, SLOW);
    fireEvent.click(march2 as HTMLElement);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip this visit' }));
    expect(await within(dialog).findByText('Skipped.')).toBeTruthy();
    expect(bodyOf(patches(fetchMock)[0]?.[1])).toEqual({ status: 'skipped' });
    expect(dialog.textContent).toContain('StatusSkipped');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo skip' }));
    expect(await within(dialog).findByText('Back on the calendar.')).toBeTruthy();
    expect(bodyOf(patches(fetchMock)[1]?.[1])).toEqual({ status: 'planned' });
    expect(within(dialog).getByRole('button', { name: 'Done & paid' })).toBeTruthy();
  });

  it("moves a visit; on a conflict shows the server's sentence and moves only when told to", async () => {
    atMarch10();
    const sent: unknown[] = [];
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
      'PATCH /api/visits/r9-20270316T130000Z': (init) => {
        const body = bodyOf(init);
        sent.push(body);
        return body.allow_overlap
          ? {
              body: {
                ...after,
                start: '2027-03-17T14:00:00.000Z',
                end: '2027-03-17T16:00:00.000Z',
                original_start: after.start,
              },
            }
          : {
              status: 409,
              body: {
                error:
                  'This overlaps Maria Gonzalez (10:00 AM–11:30 AM). Send allow_overlap: true to keep this time anyway.',
              },
            };
      },
    });
    renderAgenda();
    const [, march16] = await screen.findAllByRole('button', { name: 'Visit: Tom Reilly' }, SLOW);
    fireEvent.click(march16 as HTMLElement);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move this visit' }));
    const input = within(dialog).getByLabelText('New date and time') as HTMLInputElement;
    expect(input.value).toBe('2027-03-16T09:00');
    fireEvent.change(input, { target: { value: '2027-03-17T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move visit' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain('This overlaps Maria Gonzalez (10:00 AM–11:30 AM).');
    expect(warning.textContent).not.toContain('allow_overlap');
    expect(dialog.textContent).toContain('March 16, 2027 at 9:00 AM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    expect(await within(dialog).findByText('Moved to March 17, 2027 at 10:00 AM.')).toBeTruthy();
    expect(sent).toEqual([{ start: '2027-03-17T10:00' }, { start: '2027-03-17T10:00', allow_overlap: true }]);
    expect(dialog.textContent).toContain('March 17, 2027 at 10:00 AM – 12:00 PM');
    expect(dialog.textContent).toContain('moved from March 16, 2027 at 9:00 AM');
  });

  it("offers Mark paid on an unpaid one-time cleaning's panel, paid by the method picked last", async () => {
    atMarch10();
    const fetchMock = stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
      'PATCH /api/visits/o7': { body: { ...oneTime, status: 'done', paid: true } },
    });
    renderAgenda();
    fireEvent.click(await screen.findByRole('button', { name: 'One-Time: Maria Gonzalez' }, SLOW));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/PaidNo/);
    expect(within(dialog).queryByRole('button', { name: 'Done & paid' })).toBeNull();
    const paidBy = within(dialog).getByRole('combobox', { name: 'Paid by' }) as HTMLSelectElement;
    expect(paidBy.value).toBe('cash');
    fireEvent.change(paidBy, { target: { value: 'zelle' } });
    expect(window.localStorage.getItem('hub.payment-method')).toBe('zelle');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Marked paid.')).toBeTruthy();
    expect(bodyOf(patches(fetchMock)[0]?.[1])).toEqual({
      status: 'done',
      paid: true,
      payment_method: 'zelle',
    });
    expect(dialog.textContent).toMatch(/PaidYes/);
    expect(within(dialog).queryByRole('button', { name: 'Mark paid' })).toBeNull();
  });

  it('says why nothing changed when the server refuses', async () => {
    atMarch10();
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: summary },
      'GET /api/visits': { body: visits },
      'PATCH /api/visits/r9-20270302T140000Z': { status: 404, body: { error: 'No visit with that key.' } },
    });
    renderAgenda();
    const [march2] = await screen.findAllByRole('button', { name: 'Visit: Tom Reilly' }, SLOW);
    fireEvent.click(march2 as HTMLElement);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done & paid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to record the visit as done and paid. No visit with that key.',
    );
  });
});
