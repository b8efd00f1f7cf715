import { GALLERY_CATEGORIES, type GalleryPhoto } from '@clean/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GalleryPage } from '../src/features/gallery/GalleryPage';
import { clampPage, pageCount, pageSlice, shuffle } from '../src/features/gallery/paging';
import { categoryLabel, photoText } from '../src/lib/photo';
import { page, renderWithApp, stubFetch } from './utils';

const photo = (id: number, over: Partial<GalleryPhoto> = {}): GalleryPhoto => ({
  id,
  image_url: `https://img.example/${id}.jpg`,
  caption: `Caption ${id}`,
  category: 'Kitchen',
  photo_type: 'After',
  ...over,
});

const renderGallery = (path = '/gallery') => renderWithApp(path, [page('/gallery', <GalleryPage />)]);
/** The photo tiles: links to the page with that photo open. */
const photoLinks = () => screen.getAllByRole('link', { name: /^Caption \d+$/ });
const location = () => screen.getByTestId('location').textContent;
/** The visit's shuffle seed, as the page's links carry it. */
const seedOf = (href: string | null) => new URL(href ?? '', 'http://localhost').searchParams.get('seed');

describe('gallery helpers', () => {
  it('shuffle returns a permutation, leaves the input alone, and follows the random source', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = shuffle(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // random() = 0 always swaps with the first element: a rotation by one.
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    // random() just below 1 swaps every element with itself.
    expect(shuffle([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
    expect(shuffle([])).toEqual([]);
  });

  it('shuffles differently across loads (not a fixed order)', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    const orders = new Set(Array.from({ length: 20 }, () => shuffle(items).join(',')));
    expect(orders.size).toBeGreaterThan(15);
  });

  it('pages 12 at a time: counts, clamping and slices', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
    expect(clampPage(5, 2)).toBe(2);
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    const items = Array.from({ length: 14 }, (_, i) => i);
    expect(pageSlice(items, 1, 12)).toEqual(items.slice(0, 12));
    expect(pageSlice(items, 2, 12)).toEqual([12, 13]);
    expect(pageSlice(items, 3, 12)).toEqual([]);
  });

  it('labels categories as the upload form does and falls back for empty fields', () => {
    expect(categoryLabel('Carpets')).toBe('Carpet');
    expect(categoryLabel('MovingDay')).toBe('Moving Day');
    expect(categoryLabel('')).toBe('Uncategorized');
    expect(categoryLabel('Patio')).toBe('Patio');
    expect(photoText({ caption: null, category: '', photo_type: null })).toEqual({
      caption: 'No Caption',
      category: 'Uncategorized',
      photoType: 'No Type',
    });
  });
});

describe('/gallery', () => {
  it("shows 12 photos per page with numbered page links carrying the visit's order", async () => {
    stubFetch({ 'GET /api/gallery': { body: Array.from({ length: 14 }, (_, i) => photo(i + 1)) } });
    renderGallery();
    await waitFor(() => expect(photoLinks()).toHaveLength(12));
    const nav = screen.getByRole('navigation', { name: 'Gallery pages' });
    const one = within(nav).getByRole('link', { name: 'Page 1' });
    const two = within(nav).getByRole('link', { name: 'Page 2' });
    expect(one.getAttribute('aria-current')).toBe('page');
    expect(two.getAttribute('aria-current')).toBeNull();
    const seed = seedOf(two.getAttribute('href'));
    expect(seed).toMatch(/^\d+$/);
    expect(two.getAttribute('href')).toBe(`/gallery?seed=${seed}&page=2`);
    expect(seedOf(photoLinks()[0]?.getAttribute('href') ?? null)).toBe(seed);
    const firstPage = screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
    expect(firstPage).toHaveLength(12);
    fireEvent.click(two);
    await waitFor(() => expect(photoLinks()).toHaveLength(2));
    expect(location()).toBe(`/gallery?seed=${seed}&page=2`);
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const secondPage = screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
    // Together the two pages show each photo once.
    expect(new Set([...firstPage, ...secondPage]).size).toBe(14);
  });

  it('shows the same order for the same seed, so pages opened from their links never repeat or skip a photo', async () => {
    stubFetch({ 'GET /api/gallery': { body: Array.from({ length: 14 }, (_, i) => photo(i + 1)) } });
    const alts = () => screen.getAllByRole('img').map((img) => img.getAttribute('alt'));
    const first = renderGallery('/gallery?seed=42');
    await waitFor(() => expect(photoLinks()).toHaveLength(12));
    const firstPage = alts();
    first.unmount();
    const again = renderGallery('/gallery?seed=42');
    await waitFor(() => expect(photoLinks()).toHaveLength(12));
    expect(alts()).toEqual(firstPage);
    again.unmount();
    renderGallery('/gallery?seed=42&page=2');
    await waitFor(() => expect(photoLinks()).toHaveLength(2));
    expect(new Set([...firstPage, ...alts()]).size).toBe(14);
  });

  it('filters by category in the database after a pause in typing, back to page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      'GET /api/gallery': () => ({ body: Array.from({ length: 13 }, (_, i) => photo(i + 1)) }),
    });
    renderGallery();
    await waitFor(() => expect(photoLinks()).toHaveLength(12));
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toMatch(/&page=2$/));
    const seed = seedOf(location());
    const search = screen.getByLabelText('Search by category');
    fireEvent.input(search, { target: { value: 'K' } });
    fireEvent.input(search, { target: { value: 'Kit' } });
    const galleryCalls = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost'))
        .filter((u) => u.pathname === '/api/gallery');
    expect(galleryCalls()).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(350);
    });
    await waitFor(() => expect(galleryCalls()).toHaveLength(2));
    expect(galleryCalls()[1]?.searchParams.get('category')).toBe('Kit');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page'),
    );
    // The address follows the search (same order, no page).
    expect(location()).toBe(`/gallery?seed=${seed}&category=Kit`);
  });

  it('searches as a GET form (category and seed) that the page handles in place', async () => {
    const fetchMock = stubFetch({ 'GET /api/gallery': () => ({ body: [photo(1), photo(2)] }) });
    renderGallery('/gallery?seed=7&page=2');
    await waitFor(() => expect(photoLinks()).toHaveLength(2));
    const search = screen.getByLabelText('Search by category') as HTMLInputElement;
    const form = search.closest('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/gallery');
    expect(search.name).toBe('category');
    expect((form.elements.namedItem('seed') as HTMLInputElement).value).toBe('7');
    fireEvent.input(search, { target: { value: 'Bath' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/gallery?seed=7&category=Bath'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(String(u), 'http://localhost').searchParams.get('category') === 'Bath',
        ),
      ).toBe(true),
    );
  });

  it('starts from the category in its address', async () => {
    const fetchMock = stubFetch({ 'GET /api/gallery': () => ({ body: [photo(1)] }) });
    renderGallery('/gallery?category=Office');
    await waitFor(() => expect(photoLinks()).toHaveLength(1));
    expect((screen.getByLabelText('Search by category') as HTMLInputElement).value).toBe('Office');
    const calls = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === '/api/gallery');
    expect(calls.map((u) => u.searchParams.get('category'))).toEqual(['Office']);
  });

  it('opens a photo in a dialog with caption and category, and swaps a broken image for the placeholder', async () => {
    stubFetch({ 'GET /api/gallery': { body: [photo(1, { caption: null, category: 'MovingDay' })] } });
    renderGallery();
    const img = (await screen.findByAltText('Moving Day cleaning')) as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/photo-placeholder.svg');
    const tile = screen.getByRole('link', { name: 'Moving Day cleaning' });
    const seed = seedOf(tile.getAttribute('href'));
    expect(tile.getAttribute('href')).toBe(`/gallery?seed=${seed}&photo=1`);
    fireEvent.click(tile);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { name: 'No Caption', hidden: true })).toBeTruthy();
    expect(within(dialog).getByText('Moving Day')).toBeTruthy();
    const close = within(dialog).getByRole('link', { name: 'Close', hidden: true });
    expect(close.getAttribute('href')).toBe(`/gallery?seed=${seed}`);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(location()).toBe(`/gallery?seed=${seed}`);
  });
});

describe('a picture that failed before the page was live', () => {
  it('shows its placeholder (complete with no width when mounted); a loaded one stays', async () => {
    stubFetch({ 'GET /api/gallery': { body: [photo(1), photo(2)] } });
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      return this.getAttribute('src')?.endsWith('/1.jpg') ? 0 : 400;
    });
    renderGallery();
    const broken = (await screen.findByAltText('Caption 1')) as HTMLImageElement;
    await waitFor(() => expect(broken.getAttribute('src')).toBe('/photo-placeholder.svg'));
    expect((screen.getByAltText('Caption 2') as HTMLImageElement).getAttribute('src')).toBe(
      'https://img.example/2.jpg',
    );
  });
});

describe('/gallery as the admin', () => {
  const admin = () => {
    window.localStorage.setItem('token', 'admin-token');
    return { body: { id: 1, username: 'admin', email: null, is_admin: true } };
  };

  it('alerts when the image URL is empty and sends nothing; lists the categories with their labels', async () => {
    const fetchMock = stubFetch({ 'GET /api/user': admin(), 'GET /api/gallery': { body: [photo(1)] } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderGallery();
    const form = await screen.findByRole('form', { name: 'Add to Gallery' });
    const category = within(form).getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select a category'],
      ...GALLERY_CATEGORIES.map((c) => [c.value, c.label]),
      ['Uncategorized', 'Uncategorized'],
    ]);
    expect(category.value).toBe('Uncategorized');
    fireEvent.input(within(form).getByLabelText('Image URL'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to Gallery' }));
    expect(alert).toHaveBeenCalledWith('Please provide an image URL.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('uploads a photo and reports success; server error, default and network failures', async () => {
    let reply: { status?: number; body?: unknown } | Error = { status: 201, body: photo(9) };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubFetch({
      'GET /api/user': admin(),
      'GET /api/gallery': { body: [photo(1)] },
      'POST /api/gallery/upload': () => reply,
    });
    renderGallery();
    const form = await screen.findByRole('form', { name: 'Add to Gallery' });
    const fill = () => {
      fireEvent.input(within(form).getByLabelText('Image URL'), {
        target: { value: 'https://img.example/9.jpg' },
      });
      fireEvent.input(within(form).getByLabelText('Caption (optional)'), {
        target: { value: 'Shiny tiles' },
      });
      fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'Carpets' } });
    };
    fill();
    fireEvent.click(within(form).getByRole('button', { name: 'Add to Gallery' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Photo uploaded successfully!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      image_url: 'https://img.example/9.jpg',
      caption: 'Shiny tiles',
      category: 'Carpets',
      photo_type: null,
    });
    expect((within(form).getByLabelText('Image URL') as HTMLInputElement).value).toBe('');

    for (const [next, message] of [
      [
        {
          status: 400,
          body: {
            error: 'Image URL must be an https:// link or a path on this site such as /demo/photo.jpg.',
          },
        },
        'Image URL must be an https:// link or a path on this site such as /demo/photo.jpg.',
      ],
      [{ status: 500, body: {} }, 'Failed to upload photo.'],
      [new TypeError('Failed to fetch'), 'An error occurred while uploading.'],
    ] as const) {
      reply = next;
      fill();
      fireEvent.click(within(form).getByRole('button', { name: 'Add to Gallery' }));
      await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(message));
    }
  });

  it('deletes a photo after confirmation with the spec messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let ok = false;
    const fetchMock = stubFetch({
      'GET /api/user': admin(),
      'GET /api/gallery': { body: [photo(1), photo(2)] },
      'DELETE /api/gallery/2': () => (ok ? { body: { message: 'ok' } } : { status: 500, body: {} }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderGallery();
    const remove = await screen.findByRole('button', { name: 'Delete photo: Caption 2' });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this photo?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(remove);
    expect((await screen.findByRole('alert')).textContent).toBe('Error deleting photo. Please try again.');
    ok = true;
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getByText('Photo deleted successfully!')).toBeTruthy());
  });
});
