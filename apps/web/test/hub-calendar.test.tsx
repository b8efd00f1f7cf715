// The owner's browser may sit in another zone than the business: run these in Berlin on purpose.
process.env.TZ = 'Europe/Berlin';

import { AGENDA_DAY_LIMIT, type CleaningDatesSummary } from '@clean/shared';
import { agendaCleaning, agendaPaidRecord, MARIA_DETAILS } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgendaCalendar } from '../src/features/agenda/AgendaCalendar';
import {
  fromCalendarDate,
  monthRange,
  normalizeRange,
  rangeQuery,
  toCalendarDate,
} from '../src/features/agenda/calendarTime';
import { EventDetails } from '../src/features/agenda/EventDetails';
import { buildEvents } from '../src/features/agenda/events';
import { stubFetch } from './utils';

const NY = 'America/New_York';

const wall = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe('calendar time-zone shift', () => {
  it('runs in a browser zone other than the business zone', () => {
    // 12:00 UTC in July is 14:00 in Berlin, 08:00 in New York.
    expect(new Date('2026-07-01T12:00:00Z').getHours()).toBe(14);
  });

  it('gives the calendar a date whose local fields are the New York wall time', () => {
    // 2026-03-29 14:00 UTC: New York is already on EDT (UTC-4), Berlin switched to CEST that night.
    expect(wall(toCalendarDate('2026-03-29T14:00:00Z', NY) as Date)).toEqual([2026, 3, 29, 10, 0]);
    // Late evening in New York is already the next day in Berlin and in UTC.
    expect(wall(toCalendarDate('2026-01-16T03:30:00Z', NY) as Date)).toEqual([2026, 1, 15, 22, 30]);
    expect(toCalendarDate('not a date', NY)).toBeNull();
  });

  it('maps a calendar date back to the instant it stands for', () => {
    const shifted = toCalendarDate('2026-11-01T05:30:00Z', NY) as Date; // 01:30 EDT, the repeated hour
    expect(fromCalendarDate(shifted, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(fromCalendarDate(new Date(2026, 4, 1, 0, 0), NY).toISOString()).toBe('2026-05-01T04:00:00.000Z');
  });

  it('asks the server for the visible weeks of the month, in New York time, end exclusive', () => {
    const range = monthRange(new Date(2026, 4, 15)); // May 2026: Sun Apr 26 … Sat Jun 6
    expect(wall(range.start)).toEqual([2026, 4, 26, 0, 0]);
    expect(wall(range.end)).toEqual([2026, 6, 7, 0, 0]);
    expect(rangeQuery(range, NY)).toEqual({
      from: '2026-04-26T04:00:00.000Z',
      to: '2026-06-07T04:00:00.000Z',
    });
  });

  it("normalizes react-big-calendar's onRangeChange shapes", () => {
    const month = normalizeRange({ start: new Date(2026, 1, 1), end: new Date(2026, 2, 7, 23, 59, 59, 999) });
    expect(month && [wall(month.start), wall(month.end)]).toEqual([
      [2026, 2, 1, 0, 0],
      [2026, 3, 8, 0, 0],
    ]);
    const week = normalizeRange([new Date(2026, 2, 1), new Date(2026, 2, 4), new Date(2026, 2, 7)]);
    expect(week && wall(week.end)).toEqual([2026, 3, 8, 0, 0]);
    expect(normalizeRange([])).toBeNull();
  });
});

const summary: CleaningDatesSummary = {
  one_time_cleanings: [
    agendaCleaning({
      cleaning_id: 7,
      inquiry_name: 'Maria Gonzalez',
      date_time: '2026-01-16T03:30:00.000Z',
      ...MARIA_DETAILS,
      paid: true,
    }),
    agendaCleaning({ cleaning_id: 8, inquiry_id: 2, inquiry_name: 'Undated', date_time: null }),
  ],
  recurring_paid_records: [
    agendaPaidRecord({
      recurring_paid_id: 3,
      inquiry_id: 4,
      inquiry_name: 'Tom Reilly',
      dates: ['2026-01-06T14:00:00.000Z', '2026-01-20T14:00:00.000Z'],
    }),
  ],
};

describe('calendar events and their details', () => {
  it("makes 'One-Time: <name>' per dated cleaning and 'Recurring: <name>' per paid date, on the New York day", () => {
    const events = buildEvents(summary, NY);
    expect(events.map((e) => e.title)).toEqual([
      'One-Time: Maria Gonzalez',
      'Recurring: Tom Reilly',
      'Recurring: Tom Reilly',
    ]);
    expect(wall(events[0]?.start as Date)).toEqual([2026, 1, 15, 22, 30]);
    expect(wall(events[2]?.start as Date)).toEqual([2026, 1, 20, 9, 0]);
    // Falls back to the original joined string when the list is missing.
    const joinedOnly = buildEvents(
      {
        one_time_cleanings: [],
        recurring_paid_records: [{ ...summary.recurring_paid_records[0], dates: undefined } as never],
      },
      NY,
    );
    expect(joinedOnly).toHaveLength(2);
  });

  it('shows a one-time cleaning with its New York date, phone, No notes and Yes', () => {
    const [event] = buildEvents(summary, NY);
    // The panel of a one-time cleaning offers Mark paid: it needs the hub's query client.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EventDetails event={event ?? null} timeZone={NY} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'One-Time: Maria Gonzalez' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('One-Time Cleaning');
    expect(text).toContain('January 15, 2026 at 10:30 PM');
    expect(text).toContain('(860) 555-0101');
    expect(text).toContain('Cleaning notesNo notes');
    expect(text).toMatch(/PaidYes/);
  });

  it('shows the customer’s notes from their request beside the cleaning’s notes', async () => {
    stubFetch({
      'GET /api/inquiries': {
        body: [{ id: 1, name: 'Maria Gonzalez', description: 'One dog, side door code 1234' }],
      },
    });
    const [event] = buildEvents(
      {
        ...summary,
        one_time_cleanings: [{ ...summary.one_time_cleanings[0], notes: 'Bring the ladder' } as never],
      },
      NY,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EventDetails event={event ?? null} timeZone={NY} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'One-Time: Maria Gonzalez' });
    await waitFor(() => expect(dialog.textContent).toContain('Customer’s notesOne dog, side door code 1234'));
    expect(dialog.textContent).toContain('Cleaning notesBring the ladder');
  });

  it('shows a recurring payment with No phone number, No notes and the list of paid dates', () => {
    let closed = false;
    const event = buildEvents(summary, NY)[1] ?? null;
    // The address line reads the site's region: it needs the hub's query client.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EventDetails event={event} timeZone={NY} onClose={() => (closed = true)} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Recurring: Tom Reilly' });
    expect(dialog.textContent).toContain('Recurring Payment');
    expect(dialog.textContent).toContain('No phone number');
    expect(dialog.textContent).toContain('Cleaning notesNo notes');
    const paid = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(paid).toEqual(['January 6, 2026 at 9:00 AM', 'January 20, 2026 at 9:00 AM']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(closed).toBe(true);
  });
});

describe('the Cleaning Calendar', () => {
  const renderCalendar = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <AgendaCalendar />
      </QueryClientProvider>,
    );
  };

  it("says 'Loading calendar...', then asks only for the visible weeks, in New York time", async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubFetch({});
    fetchMock.mockImplementation(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          if (String(input).startsWith('/api/cleaning_dates_summary')) answer = resolve;
          else resolve(new Response(null, { status: 404 }));
        }),
    );
    renderCalendar();
    expect(screen.getByRole('heading', { name: 'Cleaning Calendar' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading calendar...');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/cleaning_dates_summary'))).toBe(
        true,
      ),
    );
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/cleaning_dates_summary'))?.[0]),
      'http://localhost',
    );
    const from = new Date(url.searchParams.get('from') ?? '');
    const to = new Date(url.searchParams.get('to') ?? '');
    // Whole weeks around this month: 5 or 6 weeks, from a Sunday midnight in New York.
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    expect(Math.round(days) === 35 || Math.round(days) === 42).toBe(true);
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: NY,
        weekday: 'short',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(from),
    ).toBe('Sun, 00');
    answer(
      new Response(JSON.stringify({ one_time_cleanings: [], recurring_paid_records: [] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.queryByText('Loading calendar...')).toBeNull());
    expect(screen.getByRole('button', { name: 'Month' })).toBeTruthy();
  });

  it('names the busy days whose events are not all listed', async () => {
    stubFetch({
      'GET /api/cleaning_dates_summary': {
        body: {
          one_time_cleanings: [],
          recurring_paid_records: [],
          truncated_days: ['2026-09-10', '2026-09-11'],
        },
      },
    });
    renderCalendar();
    expect(
      await screen.findByText(
        new RegExp(`Busy days \\(Sep 10, Sep 11\\): only the first ${AGENDA_DAY_LIMIT} cleanings`),
      ),
    ).toBeTruthy();
  });

  it('names the business zone as a person does, and says what each color of its legend is', async () => {
    stubFetch({
      'GET /api/cleaning_dates_summary': { body: { one_time_cleanings: [], recurring_paid_records: [] } },
    });
    renderCalendar();
    expect(screen.getByText('Times in Eastern Time.')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Colors' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([
      'One-time cleaning',
      'Recurring visit, paid',
      'Recurring visit, not paid yet',
      'Request holding its time',
    ]);
  });

  it("says 'Failed to load cleaning dates.' when the summary cannot be loaded", async () => {
    stubFetch({ 'GET /api/cleaning_dates_summary': { status: 500, body: { error: 'boom' } } });
    renderCalendar();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load cleaning dates.');
  });
});
