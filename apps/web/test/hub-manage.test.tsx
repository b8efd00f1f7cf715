import type { OldRecord } from '@clean/shared';
import { reviewRecord } from '@clean/shared/test-support';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CleanupSection } from '../src/features/cleanup/CleanupSection';
import { cleanupLevel, showLargeDatabaseWarning } from '../src/features/cleanup/cleanupLevel';
import { LargeDatabaseBanner } from '../src/features/cleanup/LargeDatabaseBanner';
import { RecurringPaidSection } from '../src/features/recurring/RecurringPaidSection';
import { PendingReviewsSection } from '../src/features/reviews/moderation/PendingReviewsSection';
import { useDebouncedValue } from '../src/lib/useDebouncedValue';
import { stubFetch } from './utils';

function renderHub(ui: ReactNode) {
  window.localStorage.setItem('token', 'admin-token');
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const oldRecords = (n: number): OldRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Old client ${i + 1}`,
    submitted_at: '2025-01-02T15:00:00.000Z',
    type: 'inquiry',
  }));

/** GET /api/old_records answers a page and the full count in X-Total-Count. */
function stubOldRecords(total: number, extra: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch(extra);
  const inner = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/old_records') {
      return new Response(JSON.stringify(oldRecords(Math.min(total, 50))), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      });
    }
    return (inner as NonNullable<typeof inner>)(input, init);
  });
  return fetchMock;
}

describe('cleanup heading colour and warning thresholds', () => {
  it('is green below 10, yellow below 20, red from 20', () => {
    expect([0, 9, 10, 19, 20, 500].map(cleanupLevel)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('warns only above 20 old records', () => {
    expect([20, 21].map(showLargeDatabaseWarning)).toEqual([false, true]);
  });

  it('colours the heading and states the count', async () => {
    stubOldRecords(12);
    renderHub(<CleanupSection />);
    await screen.findByText('12 old records');
    const heading = screen.getByRole('heading', { name: 'Cleanup Old Records' });
    expect(heading.dataset.level).toBe('yellow');
    expect(heading.className).toContain('text-yellow-700');
  });

  it('shows the bouncing banner with its tooltip above 20, and nothing at 20', async () => {
    stubOldRecords(21);
    const onGo = vi.fn();
    const view = renderHub(<LargeDatabaseBanner onGoToCleanup={onGo} />);
    const banner = await screen.findByRole('button', {
      name: 'Database is getting large! Consider cleaning up old records.',
    });
    const tip = 'Records older than 90 days can be deleted at the bottom of the Manage tab.';
    expect(banner.getAttribute('title')).toBe(tip);
    expect(banner.className).toContain('animate-bounce');
    expect(banner.className).toContain('bg-red-600');
    expect(document.getElementById(banner.getAttribute('aria-describedby') ?? '')?.textContent).toBe(tip);
    fireEvent.click(banner);
    expect(onGo).toHaveBeenCalledOnce();
    view.unmount();

    stubOldRecords(20);
    renderHub(
      <>
        <LargeDatabaseBanner onGoToCleanup={onGo} />
        <CleanupSection />
      </>,
    );
    await screen.findByText('20 old records');
    expect(screen.queryByText(/Database is getting large/)).toBeNull();
  });
});

describe('Delete Old Records', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Delete old records?' });

  it("says 'No records to delete.' without asking when there are none", async () => {
    const fetchMock = stubOldRecords(0);
    renderHub(<CleanupSection />);
    await screen.findByText('0 old records');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    expect((await screen.findByRole('status')).textContent).toBe('No records to delete.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('asks with the count and offers the export first; does nothing when cancelled; shows the server message after deleting', async () => {
    let release: () => void = () => {};
    const fetchMock = stubOldRecords(25, {
      'DELETE /api/cleanup_old_records': () => ({
        body: { message: 'Deleted 25 old records.', deleted: 25 },
      }),
    });
    renderHub(<CleanupSection />);
    await screen.findByText('25 old records');
    expect(screen.getByRole('heading', { name: 'Cleanup Old Records' }).dataset.level).toBe('red');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    expect(dialog().textContent).toContain('Are you sure you want to delete 25 old records?');
    expect(within(dialog()).getByRole('button', { name: /^Download first/ })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    // Hold the answer to see the busy label.
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') await new Promise<void>((r) => (release = r));
      return (inner as NonNullable<typeof inner>)(input, init);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Old Records' }));
    expect(
      (await within(dialog()).findByRole('button', { name: 'Deleting...' })).hasAttribute('disabled'),
    ).toBe(true);
    act(() => release());
    expect((await screen.findByRole('status')).textContent).toBe('Deleted 25 old records.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows a long cleanup (202 with its job) until it is done, saying Deleting... meanwhile', async () => {
    let polls = 0;
    stubOldRecords(25, {
      'DELETE /api/cleanup_old_records': { status: 202, body: { id: 7, deleted: 0, done: false } },
      'GET /api/cleanup_old_records/7': () => {
        polls++;
        return {
          body:
            polls < 2
              ? { id: 7, deleted: 5000, done: false }
              : { id: 7, deleted: 25, done: true, message: 'Deleted 25 old records.' },
        };
      },
    });
    renderHub(<CleanupSection />);
    await screen.findByText('25 old records');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Old Records' }));
    expect(await within(dialog()).findByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe(
      'Deleted 25 old records.',
    );
    expect(polls).toBe(2);
  });

  it("falls back to 'Old records deleted successfully!' and shows 'Failed to delete records.'", async () => {
    stubOldRecords(3, { 'DELETE /api/cleanup_old_records': { body: {} } });
    const view = renderHub(<CleanupSection />);
    await screen.findByText('3 old records');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Old Records' }));
    expect((await screen.findByRole('status')).textContent).toBe('Old records deleted successfully!');
    view.unmount();

    stubOldRecords(3, { 'DELETE /api/cleanup_old_records': { status: 500, body: { error: 'x' } } });
    renderHub(<CleanupSection />);
    await screen.findByText('3 old records');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old Records' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Old Records' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete records.');
  });
});

describe('debounce', () => {
  it('passes a value on only after it has been still for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('abc');
  });

  it('makes the paid-records name search ask the server once, 300 ms after the last key', async () => {
    const fetchMock = stubFetch({ 'GET /api/recurring_paid': { body: [] } });
    renderHub(<RecurringPaidSection />);
    await screen.findByText('No recurring paid records match.');
    const names = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((u) => u.pathname === '/api/recurring_paid')
        .map((u) => u.searchParams.get('name'));
    expect(names()).toEqual([null]);

    const box = screen.getByLabelText('Search Paid Records by Name');
    const typedAt = Date.now();
    for (const text of ['T', 'To', 'Tom']) fireEvent.input(box, { target: { value: text } });
    await waitFor(() => expect(names()).toEqual([null, 'Tom']));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(290);
    const call = fetchMock.mock.calls.at(-1)?.[0];
    expect(new URL(String(call), 'http://localhost').searchParams.get('limit')).toBe('5');
  });
});

describe('a list past the counted matches', () => {
  it('pages on while a page comes back full, and stops at the first page that is not', async () => {
    const paid = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: from + i,
        recurring_payment_id: 1,
        recurring_payment_name: `Client ${from + i}`,
        dates_related: '2026-11-02T15:00:00.000Z',
        dates: ['2026-11-02T15:00:00.000Z'],
        amount_paid: 100,
        notes: null,
        submitted_at: '2026-11-02T15:00:00.000Z',
      }));
    // Past the server's count cap the total is a floor: 5 counted ("more" than that), full pages until page 2.
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const page = Number(new URL(String(input), 'http://localhost').searchParams.get('page') ?? 1);
      return new Response(JSON.stringify(page === 1 ? paid(5, 1) : paid(2, 6)), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '5', 'X-Total-More': '1' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderHub(<RecurringPaidSection />);
    await screen.findByText('Client 1', { exact: false });
    const next = () => screen.getByText('Next');
    expect(next().hasAttribute('disabled') || next().getAttribute('aria-disabled') === 'true').toBe(false);
    fireEvent.click(next());
    await screen.findByText('Client 6', { exact: false });
    await waitFor(() =>
      expect(next().closest('button')?.disabled ?? next().getAttribute('aria-disabled') === 'true').toBe(
        true,
      ),
    );
  });
});

describe('pending reviews', () => {
  const review = reviewRecord({
    id: 4,
    reviewer_name: 'Jess',
    rating: 3,
    comment: 'Good job overall.',
    status: 'pending',
  });

  it('marks a verified review "Verified customer" (a review request’s link), and only that one', async () => {
    stubFetch({
      'GET /api/reviews/pending': {
        body: [
          { ...review, verified: true },
          { ...review, id: 5, reviewer_name: 'Lee' },
        ],
      },
    });
    renderHub(<PendingReviewsSection />);
    await screen.findByText('Lee');
    expect(screen.getAllByText('Verified customer')).toHaveLength(1);
    const jess = screen.getByRole('heading', { name: 'Jess' }).closest('article, li, section, div[class]');
    expect(jess?.textContent).toContain('Verified customer');
  });

  it('does not load a visitor-chosen photo until the owner asks: shows its host and a Show photo button', async () => {
    stubFetch({
      'GET /api/reviews/pending': {
        body: [
          { ...review, photo_url: 'https://tracker.example.net/pixel.jpg?who=owner' },
          { ...review, id: 5, reviewer_name: 'Lee', photo_url: '/demo/lee.jpg' },
        ],
      },
    });
    const { container } = renderHub(<PendingReviewsSection />);
    const show = await screen.findByRole('button', { name: 'Show photo shared by Jess' });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('tracker.example.net')).toBeTruthy();
    expect(screen.getByText('this site')).toBeTruthy();

    fireEvent.click(show);
    const img = screen.getByAltText('Shared by Jess') as HTMLImageElement;
    expect(img.src).toBe('https://tracker.example.net/pixel.jpg?who=owner');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.queryByRole('button', { name: 'Show photo shared by Jess' })).toBeNull();
    // Only the photo asked for: Lee's stays unloaded.
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show photo shared by Lee' })).toBeTruthy();
  });

  it("shows 'Failed to fetch pending reviews.'", async () => {
    stubFetch({ 'GET /api/reviews/pending': { status: 500 } });
    renderHub(<PendingReviewsSection />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch pending reviews.');
  });

  it("shows 'Failed to approve the review.' and refuses an out-of-range rating before saving", async () => {
    const fetchMock = stubFetch({
      'GET /api/reviews/pending': { body: [review] },
      'PATCH /api/reviews/4/approve': { status: 500 },
    });
    renderHub(<PendingReviewsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve review by Jess' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to approve the review.');

    fireEvent.click(screen.getByRole('button', { name: 'Edit review by Jess' }));
    fireEvent.input(screen.getByLabelText('Rating'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rating must be from 1 to 5.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'PATCH' && String(url) === '/api/reviews/4',
      ),
    ).toBe(false);
  });
});
