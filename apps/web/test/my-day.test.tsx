import { TOKEN_STORAGE_KEY } from '@clean/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './support/app';
import { headerOf, stubFetch } from './utils';

const CLEANER = { id: 7, username: 'ana@example.com', email: 'ana@example.com', is_admin: false };
const SLOW = { timeout: 5000 };

const visit = {
  key: 'o12',
  // March 10, 2027 is still Eastern Standard Time (UTC−5).
  start: '2027-03-10T14:00:00.000Z',
  end: '2027-03-10T16:30:00.000Z',
  status: 'planned',
  first_name_last_initial: 'Tom R.',
  address: '12 Elm St, Bristol, CT 06010',
  map_url: 'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Bristol%2C%20CT%2006010',
  phone_number: '(860) 555-0142',
  package: 'Deep Clean',
  extras: ['Inside oven', 'Fridge'],
  access_notes: 'Key under the blue pot.',
  checklist: [
    { id: 3, label: 'Kitchen floor', required: true, done: false },
    { id: 4, label: 'Windows', required: false, done: false },
  ],
};

const DONE_REFUSED = 'Tick the required items first: Kitchen floor.';

beforeEach(() => {
  // 12:00 PM in Bristol: "today" is March 10 in the business zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T17:00:00Z'));
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'cleaner-token');
});

/** The list item of a clock tap, by its whole text. */
const tapLine = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'LI' && element.textContent === text;

const card = () => screen.findByRole('article', { name: '9:00 AM – 11:30 AM' }, SLOW);

describe('the cleaner’s day at /my-day', () => {
  it('lists the day’s visits: time and length, name, address with a map link, call link, package, notes, checklist', async () => {
    const fetchMock = stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': (_init, url) => ({
        body: url.searchParams.get('from') === '2027-03-10' ? [visit] : [],
      }),
    });
    renderApp('/my-day');
    const article = await card();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My day');
    expect(screen.getByText('Times in Eastern Time.')).toBeTruthy();
    expect(within(article).getByText(/2 h 30 min · Tom R\./)).toBeTruthy();
    const map = within(article).getByRole('link', { name: /Map/ });
    expect(map.getAttribute('href')).toBe(visit.map_url);
    expect(within(article).getByRole('link', { name: 'Call (860) 555-0142' }).getAttribute('href')).toBe(
      'tel:(860) 555-0142',
    );
    expect(within(article).getByText('Deep Clean')).toBeTruthy();
    expect(article.textContent).toContain('+ Inside oven, Fridge');
    expect(within(article).getByText('Key under the blue pot.')).toBeTruthy();
    expect(within(article).getAllByRole('checkbox')).toHaveLength(2);
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const list = asked.find((url) => url.pathname === '/api/my/visits');
    expect(list?.search).toBe('?from=2027-03-10&to=2027-03-10');

    // The day picker: tomorrow has nothing.
    const days = screen.getByRole('navigation', { name: 'Day' });
    expect(within(days).getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('date');
    fireEvent.click(within(days).getByRole('link', { name: 'Tomorrow' }));
    expect(await screen.findByText('No visits on this day.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tomorrow, Thursday, March 11' })).toBeTruthy();
  });

  it('says so when the visits cannot be loaded', async () => {
    stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': { status: 500, body: { error: 'Something went wrong.' } },
    });
    renderApp('/my-day');
    expect(await screen.findByText('Your visits could not be loaded.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('ticks a checklist item: PATCH …/checklist/{item_id} { done: true }, the box checked', async () => {
    const ticks: unknown[] = [];
    // The server's list as it stands: the item ticked once the tick has arrived.
    const ticked = () => ({
      ...visit,
      checklist: visit.checklist.map((item) => ({ ...item, done: item.id === 3 && ticks.length > 0 })),
    });
    stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': () => ({ body: [ticked()] }),
      'PATCH /api/my/visits/o12/checklist/3': (init) => {
        ticks.push(JSON.parse(String(init.body)));
        return { body: { id: 3, done: true } };
      },
    });
    renderApp('/my-day');
    const box = within(await card()).getByRole('checkbox', {
      name: 'Kitchen floor (required)',
    }) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(ticks).toEqual([{ done: true }]));
    expect(box.checked).toBe(true);
  });

  it('shows the server’s sentence when Done is refused for open required items', async () => {
    const fetchMock = stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': { body: [visit] },
      'PATCH /api/my/visits/o12': { status: 409, body: { error: DONE_REFUSED } },
    });
    renderApp('/my-day');
    fireEvent.click(within(await card()).getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DONE_REFUSED);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'done' });
  });

  it('On my way: says when it went, and that it had gone already on a second tap', async () => {
    let taps = 0;
    stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': { body: [visit] },
      'POST /api/my/visits/o12/on-my-way': () => {
        taps += 1;
        return {
          body: { key: 'o12', channel: 'sms', sent_at: '2027-03-10T17:00:00.000Z', already_sent: taps > 1 },
        };
      },
    });
    renderApp('/my-day');
    const article = await card();
    fireEvent.click(within(article).getByRole('button', { name: 'On my way' }));
    expect(await within(article).findByText('Sent at 12:00 PM.')).toBeTruthy();
    fireEvent.click(within(article).getByRole('button', { name: 'On my way' }));
    expect(await within(article).findByText('Already sent at 12:00 PM.')).toBeTruthy();
  });

  it('keeps a clock tap made offline, says "recorded offline", and sends it once when back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const clockIns: RequestInit[] = [];
    stubFetch({
      'GET /api/user': { body: CLEANER },
      'GET /api/my/visits': { body: [visit] },
      'POST /api/my/visits/o12/clock-in': (init) => {
        clockIns.push(init);
        const { at } = JSON.parse(String(init.body));
        const record = { id: 31, key: 'o12', clock_in_at: at, clock_out_at: null, recorded_offline: true };
        return { body: { ...record, in_recorded_offline: true, out_recorded_offline: false } };
      },
    });
    renderApp('/my-day');
    const article = await card();
    fireEvent.click(within(article).getByRole('button', { name: 'Clock in' }));
    expect(
      await within(article).findByText(
        tapLine('Clocked in at 12:00 PM — recorded offline, sent when the connection is back'),
      ),
    ).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Clock out' })).toBeTruthy();
    expect(clockIns).toHaveLength(0);

    // Back online an hour later: the tap goes out with its own time and key; two "online" events send it once.
    vi.setSystemTime(new Date('2027-03-10T18:00:00Z'));
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await within(article).findByText(tapLine('Clocked in at 12:00 PM — recorded offline')),
    ).toBeTruthy();
    expect(clockIns).toHaveLength(1);
    expect(JSON.parse(String(clockIns[0]?.body))).toEqual({ at: '2027-03-10T17:00:00.000Z' });
    expect(headerOf(clockIns[0], 'Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(within(article).getByText(tapLine('Clocked in at 12:00 PM — recorded offline'))).toBeTruthy(),
    );
    expect(clockIns).toHaveLength(1);
  });
});
