import { REVIEW_COMMENT_MAX, type Review } from '@clean/shared';
import { reviewRecord } from '@clean/shared/test-support';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ReviewsPage } from '../src/features/reviews/ReviewsPage';
import { StarRating } from '../src/features/reviews/StarRating';
import { headerOf, page, renderWithApp } from './utils';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** fetch stub keyed by "METHOD /path"; anything else is a 404. */
function stubApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const review = (id: number, over: Partial<Review> = {}) => reviewRecord({ id, ...over });

function RatingHarness() {
  const [value, setValue] = useState(1);
  return (
    <>
      <p id="rating-label">Rating</p>
      <StarRating value={value} onChange={setValue} labelledBy="rating-label" />
      <output data-testid="value">{value}</output>
    </>
  );
}

// The form is a lazy chunk: its first transform happens here, in set-up, not inside a test's 1 s wait for the form
// (the 'toggles the form' test timed out that way once under load).
beforeAll(() => import('../src/features/reviews/ReviewForm'));

const renderReviews = () => renderWithApp('/reviews', [page('/reviews', <ReviewsPage />)]);

const location = () => screen.getByTestId('location').textContent;

/** Opens the review form with its link (the page with ?write=1). */
async function openForm() {
  fireEvent.click(await screen.findByRole('link', { name: 'Share Your Experience' }));
  return screen.findByRole('form', { name: 'Share your experience' });
}

describe('star rating', () => {
  it('is a radio group of five labelled stars with one tab stop', async () => {
    renderWithApp('/', [page('/', <RatingHarness />)]);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeTruthy();
    // Same name: the browser makes only the checked one a tab stop.
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
  });

  it('moves and selects with arrow keys (wrapping), Home and End', () => {
    renderWithApp('/', [page('/', <RatingHarness />)]);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    const value = () => screen.getByTestId('value').textContent;
    expect(value()).toBe('1');
    fireEvent.keyDown(screen.getByRole('radio', { name: '1 star' }), { key: 'ArrowRight' });
    expect(value()).toBe('2');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2 stars' }));
    expect((screen.getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    expect(value()).toBe('3');
    fireEvent.keyDown(group, { key: 'End' });
    expect(value()).toBe('5');
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(value()).toBe('1');
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(value()).toBe('5');
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    expect(value()).toBe('4');
    fireEvent.keyDown(group, { key: 'Home' });
    expect(value()).toBe('1');
    fireEvent.keyDown(group, { key: 'x' });
    expect(value()).toBe('1');
  });

  it('selects by clicking a star', () => {
    renderWithApp('/', [page('/', <RatingHarness />)]);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByTestId('value').textContent).toBe('3');
  });
});

describe('/reviews', () => {
  it('lists approved reviews 12 a page with Page N of M, asking the database for one page', async () => {
    const fetchMock = stubApi({
      'GET /api/reviews': (url) => {
        const p = Number(url.searchParams.get('page'));
        const items = Array.from({ length: p === 1 ? 12 : 3 }, (_, i) => review((p - 1) * 12 + i + 1));
        return json(items, 200, { 'X-Total-Count': '15' });
      },
    });
    renderReviews();
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const [firstUrl] = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/reviews');
    expect(firstUrl?.searchParams.get('page')).toBe('1');
    expect(firstUrl?.searchParams.get('limit')).toBe('12');

    // Previous and Next are links to the page's address (they work before and without script).
    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(within(pages).getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    const next = within(pages).getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/reviews?page=2');
    fireEvent.click(next);
    expect(await screen.findByText('Customer 13')).toBeTruthy();
    expect(location()).toBe('/reviews?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(within(pages).getByText('Next').getAttribute('aria-disabled')).toBe('true');
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/reviews?page=1',
    );
  });

  it('pages a whole list itself when the server ignores paging', async () => {
    stubApi({ 'GET /api/reviews': () => json(Array.from({ length: 14 }, (_, i) => review(i + 1))) });
    renderReviews();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });

  it('shows the stars, the default logo without a photo, and a dialog with Reviewed by / Anonymous', async () => {
    stubApi({
      'GET /api/reviews': () =>
        json([
          review(1, { reviewer_name: 'Maria', rating: 4, photo_url: 'https://img.example/maria.jpg' }),
          review(2, { reviewer_name: '   ', comment: 'Lovely job' }),
        ]),
    });
    renderReviews();
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    const logo = screen.getByAltText('Bristol Eco Clean logo') as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/demo/logo.webp');

    // The photo is a link to the page with the review open; the dialog's Close links back to the page without it.
    const open = screen.getByRole('link', { name: 'Open the review by Anonymous' });
    expect(open.getAttribute('href')).toBe('/reviews?review=2');
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(location()).toBe('/reviews?review=2');
    expect(within(dialog).getByText('Lovely job')).toBeTruthy();
    expect(within(dialog).getByText('Reviewed by Anonymous')).toBeTruthy();
    const close = within(dialog).getByRole('link', { name: 'Close', hidden: true });
    expect(close.getAttribute('href')).toBe('/reviews');
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(location()).toBe('/reviews');

    fireEvent.click(screen.getByRole('link', { name: 'Open the review by Maria' }));
    const second = await screen.findByRole('dialog', { hidden: true });
    expect(within(second).getByText('Reviewed by Maria')).toBeTruthy();
    expect((within(second).getByAltText('Shared by Maria') as HTMLImageElement).src).toBe(
      'https://img.example/maria.jpg',
    );
  });

  it("says 'Failed to fetch reviews' in red under the grid when the list cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/reviews': () => json({ error: 'boom' }, 500) });
    renderReviews();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch reviews');
  });

  it('toggles the form; rating defaults to 1; the comment is cut at 500 characters', async () => {
    stubApi({ 'GET /api/reviews': () => json([]) });
    renderReviews();
    const toggle = await screen.findByRole('link', { name: 'Share Your Experience' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('href')).toBe('/reviews?write=1#write-review');
    const form = await openForm();
    expect(location()).toBe('/reviews?write=1');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('href')).toBe('/reviews');
    expect((within(form).getByRole('radio', { name: '1 star' }) as HTMLInputElement).checked).toBe(true);

    const comment = within(form).getByLabelText('Comment') as HTMLTextAreaElement;
    expect(comment.maxLength).toBe(REVIEW_COMMENT_MAX);
    fireEvent.input(comment, { target: { value: 'a'.repeat(650) } });
    expect(comment.value).toHaveLength(500);
    expect(within(form).getByText('500/500 characters')).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Share your experience' })).toBeNull());
    expect(location()).toBe('/reviews');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders what its address names: the open form, and the thank-you after a plain post', async () => {
    stubApi({ 'GET /api/reviews': () => json([review(1)]) });
    const view = renderWithApp('/reviews?write=1', [page('/reviews', <ReviewsPage />)]);
    expect(await screen.findByRole('form', { name: 'Share your experience' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share Your Experience' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    view.unmount();

    renderWithApp('/reviews?sent=1', [page('/reviews', <ReviewsPage />)]);
    const thanks = await screen.findByText('Thank you! Your review will appear once approved.');
    expect(thanks.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('form', { name: 'Share your experience' })).toBeNull();
  });

  it('requires a name and a valid photo URL before sending anything', async () => {
    const fetchMock = stubApi({ 'GET /api/reviews': () => json([]) });
    renderReviews();
    const form = await openForm();
    fireEvent.input(within(form).getByLabelText('Photo URL (optional)'), { target: { value: 'not a url' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Name is required.')).toBeTruthy();
    expect(
      within(form).getByText(
        'Photo URL must be an https:// link or a path on this site such as /demo/photo.jpg.',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the review, says it awaits approval, clears the fields, reloads the list and rains 20 emojis for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listCalls = 0;
    const fetchMock = stubApi({
      'GET /api/reviews': () => {
        listCalls += 1;
        return json([review(1)]);
      },
      'POST /api/reviews': () =>
        json(
          {
            ...review(9, { status: 'pending' }),
            message: 'Thank you! Your review will appear once approved.',
          },
          201,
        ),
    });
    renderReviews();
    await screen.findByText('Customer 1');
    const form = await openForm();
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.input(within(form).getByLabelText('Comment'), { target: { value: 'Great team' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect((await within(form).findByRole('status')).textContent).toBe(
      'Thank you! Your review will appear once approved.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      reviewer_name: 'Sam',
      rating: 4,
      comment: 'Great team',
      photo_url: null,
    });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
    expect((within(form).getByRole('radio', { name: '1 star' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(listCalls).toBe(2));

    const rain = screen.getByTestId('falling-emojis');
    expect(rain.getAttribute('aria-hidden')).toBe('true');
    const emojis = rain.querySelectorAll('.review-emoji');
    expect(emojis).toHaveLength(20);
    expect([...emojis].some((e) => e.textContent === '🧹')).toBe(true);
    expect([...emojis].some((e) => e.textContent === '🫧')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByTestId('falling-emojis')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('falling-emojis')).toBeNull();
  });

  it("says 'Failed to save review' under the grid and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/reviews': () => json([review(1)]),
      'POST /api/reviews': () => json({ error: 'Too many attempts.' }, 429),
    });
    renderReviews();
    const form = await openForm();
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Sam' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save review');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Sam');
    expect(screen.queryByTestId('falling-emojis')).toBeNull();
  });
});

describe('/reviews from a review request’s link', () => {
  it('opens the form with the name filled in and the marker in a hidden field, and sends it with the review', async () => {
    const fetchMock = stubApi({
      'GET /api/reviews': () => json([]),
      'POST /api/reviews': () =>
        json({ ...review(9, { status: 'pending', verified: true }), message: 'Thank you!' }, 201),
    });
    renderWithApp('/reviews?write=1&name=Ann%20B.&v=12.abcdefghijklmnopqrstuvwxyz012345', [
      page('/reviews', <ReviewsPage />),
    ]);
    const form = await screen.findByRole('form', { name: 'Share your experience' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Ann B.');
    const hidden = form.querySelector<HTMLInputElement>('input[type="hidden"][name="verification"]');
    expect(hidden?.value).toBe('12.abcdefghijklmnopqrstuvwxyz012345');
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    await within(form).findByRole('status');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      reviewer_name: 'Ann B.',
      rating: 5,
      verification: '12.abcdefghijklmnopqrstuvwxyz012345',
    });
  });

  it('without a marker the form has no hidden field, and sends none', async () => {
    stubApi({ 'GET /api/reviews': () => json([]) });
    renderWithApp('/reviews?write=1&name=Ann', [page('/reviews', <ReviewsPage />)]);
    const form = await screen.findByRole('form', { name: 'Share your experience' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(form.querySelector('input[name="verification"]')).toBeNull();
  });

  it('shows "Verified customer" on a verified review only, in the list and its dialog', async () => {
    stubApi({
      'GET /api/reviews': () => json([review(1, { verified: true }), review(2)]),
    });
    renderReviews();
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByText('Verified customer')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByText('Verified customer')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Open the review by Customer 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Verified customer')).toBeTruthy();
  });
});

describe('/reviews as the admin', () => {
  const asAdmin = () => {
    window.localStorage.setItem('token', 'admin-token');
  };
  const user = () => json({ id: 1, username: 'admin', email: null, is_admin: true });

  it('deletes a review after confirmation, and says "Failed to delete review" when that fails', async () => {
    asAdmin();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const fetchMock = stubApi({
      'GET /api/user': user,
      'GET /api/reviews': () => json([review(1), review(2)]),
      'DELETE /api/reviews/2': () => (fail ? json({ error: 'nope' }, 500) : json({ message: 'ok' })),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderReviews();
    const remove = await screen.findByRole('button', { name: 'Delete the review by Customer 2' });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this review?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(remove);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete review');

    fail = false;
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes).toHaveLength(2);
    expect(headerOf(deletes[1]?.[1], 'Authorization')).toBe('Bearer admin-token');
  });

  it('edits a review with PUT (the form prefilled)', async () => {
    asAdmin();
    const fetchMock = stubApi({
      'GET /api/user': user,
      'GET /api/reviews': () => json([review(3, { reviewer_name: 'Ann', rating: 2, comment: 'Ok' })]),
      'PUT /api/reviews/3': () => json(review(3)),
    });
    renderReviews();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the review by Ann' }));
    const form = await screen.findByRole('form', { name: 'Edit review' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Ann');
    expect((within(form).getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.input(within(form).getByLabelText('Comment'), { target: { value: 'Better than ok' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText('The review has been updated.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      reviewer_name: 'Ann',
      rating: 2,
      comment: 'Better than ok',
    });
    expect(screen.queryByTestId('falling-emojis')).toBeNull();
  });
});
