import type { Package } from '@clean/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PackagesPage } from '../src/features/packages/PackagesPage';
import { headerOf, page, renderWithApp, stubFetch } from './utils';

const pkg = (id: number, over: Partial<Package> = {}): Package => ({
  id,
  title: `Package ${id}`,
  amount: 100 + id,
  image_url: `https://img.example/${id}.jpg`,
  description: `Description ${id}`,
  ...over,
});

const renderPackages = () => renderWithApp('/packages', [page('/packages', <PackagesPage />)]);
const admin = () => {
  window.localStorage.setItem('token', 'admin-token');
  return { body: { id: 1, username: 'admin', email: null, is_admin: true } };
};
const posts = (mock: ReturnType<typeof stubFetch>, method: string) =>
  mock.mock.calls.filter(([, init]) => init?.method === method);

describe('/packages as a visitor', () => {
  it('shows the cards, the eco banner and, after load, a dismissible consultation notice', async () => {
    stubFetch({ 'GET /api/packages': { body: [pkg(1), pkg(2)] } });
    renderPackages();
    expect(screen.getByText(/Every package includes eco-friendly cleaning/)).toBeTruthy();
    // Each card is a link to the page with its details open.
    const cards = await screen.findAllByRole('link', { name: /Package \d/ });
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/packages?package=1',
      '/packages?package=2',
    ]);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toMatch(/all of our services require an in-home consultation/i);
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/in-home consultation before/)).toBeNull();
    // Visitors get no admin controls.
    expect(screen.queryByRole('button', { name: 'Add New Package' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('opens a card in a dialog with image, title, description and Book Now to /contact with the package', async () => {
    stubFetch({
      'GET /api/packages': { body: [pkg(1, { title: 'Deep Clean', description: 'Baseboards too' })] },
    });
    renderPackages();
    fireEvent.click(await screen.findByRole('link', { name: /Deep Clean/ }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(screen.getByTestId('location').textContent).toBe('/packages?package=1');
    expect(within(dialog).getByRole('heading', { name: 'Deep Clean', hidden: true })).toBeTruthy();
    expect(within(dialog).getByText('Baseboards too')).toBeTruthy();
    expect((within(dialog).getByAltText('Deep Clean') as HTMLImageElement).src).toBe(
      'https://img.example/1.jpg',
    );
    expect(within(dialog).getByRole('link', { name: 'Book Now', hidden: true }).getAttribute('href')).toBe(
      '/contact?package=1',
    );
    const close = within(dialog).getByRole('link', { name: 'Close', hidden: true });
    expect(close.getAttribute('href')).toBe('/packages');
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/packages');
  });

  it('opens the package its address names', async () => {
    stubFetch({ 'GET /api/packages': { body: [pkg(1), pkg(2, { title: 'Office' })] } });
    renderWithApp('/packages?package=2', [page('/packages', <PackagesPage />)]);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { name: 'Office', hidden: true })).toBeTruthy();
  });

  it('says so when the packages cannot be loaded, and shows no consultation notice', async () => {
    stubFetch({ 'GET /api/packages': { status: 500, body: { error: 'down' } } });
    renderPackages();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load packages. Please try again later.',
    );
    expect(screen.queryByText(/in-home consultation/)).toBeNull();
  });
});

describe('/packages as the admin', () => {
  it('toggles the form and validates it with the shared schema before sending', async () => {
    const fetchMock = stubFetch({ 'GET /api/user': admin(), 'GET /api/packages': { body: [pkg(1)] } });
    renderPackages();
    const toggle = await screen.findByRole('button', { name: 'Add New Package' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const form = await screen.findByRole('form', { name: 'Add a package' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Add Package' }));
    expect(await within(form).findByText('Title is required.')).toBeTruthy();
    expect(within(form).getByText('Amount is required.')).toBeTruthy();
    expect(within(form).getByText('Image URL is required.')).toBeTruthy();

    fireEvent.input(within(form).getByLabelText('Amount ($)'), { target: { value: 'twelve' } });
    fireEvent.input(within(form).getByLabelText('Image URL'), {
      target: { value: 'ftp://x.example/a.jpg' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Package' }));
    expect(await within(form).findByText('Amount must be a number like 120 or 99.50.')).toBeTruthy();
    expect(
      within(form).getByText(
        'Image URL must be an https:// link or a path on this site such as /demo/photo.jpg.',
      ),
    ).toBeTruthy();
    expect(posts(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a package' })).toBeNull());
  });

  it('adds a package (description optional), closes the form and says Saved, with the focus on it', async () => {
    const fetchMock = stubFetch({
      'GET /api/user': admin(),
      'GET /api/packages': { body: [pkg(1)] },
      'POST /api/packages': { status: 201, body: pkg(5) },
    });
    renderPackages();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Package' }));
    const form = await screen.findByRole('form', { name: 'Add a package' });
    fireEvent.input(within(form).getByLabelText('Title'), { target: { value: '  Window Wash ' } });
    fireEvent.input(within(form).getByLabelText('Amount ($)'), { target: { value: '89.5' } });
    fireEvent.input(within(form).getByLabelText('Image URL'), {
      target: { value: 'https://img.example/w.jpg' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Package' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a package' })).toBeNull());
    const saved = await screen.findByText('Saved the package Window Wash.');
    await waitFor(() => expect(document.activeElement?.contains(saved)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
    const [call] = posts(fetchMock, 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      title: 'Window Wash',
      amount: 89.5,
      image_url: 'https://img.example/w.jpg',
      description: '',
    });
    expect(headerOf(call?.[1], 'Authorization')).toBe('Bearer admin-token');
  });

  it('edits with the form prefilled (PUT) and shows a red message when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const fetchMock = stubFetch({
      'GET /api/user': admin(),
      'GET /api/packages': { body: [pkg(3, { title: 'Office', amount: 180, description: 'Desks' })] },
      'PUT /api/packages/3': () => (fail ? { status: 500, body: {} } : { body: pkg(3) }),
    });
    renderPackages();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Office' }));
    const form = await screen.findByRole('form', { name: 'Edit package' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Office');
    expect((within(form).getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('180.00');
    expect((within(form).getByLabelText('Image URL') as HTMLInputElement).value).toBe(
      'https://img.example/3.jpg',
    );
    expect((within(form).getByLabelText('Description (optional)') as HTMLTextAreaElement).value).toBe(
      'Desks',
    );

    fireEvent.input(within(form).getByLabelText('Amount ($)'), { target: { value: '199.99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Failed to save the package. Please try again.',
    );
    fail = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit package' })).toBeNull());
    const puts = posts(fetchMock, 'PUT');
    expect(JSON.parse(String(puts[1]?.[1]?.body))).toMatchObject({ title: 'Office', amount: 199.99 });
  });

  it('deletes only after confirmation, and shows a red message when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubFetch({
      'GET /api/user': admin(),
      'GET /api/packages': { body: [pkg(4)] },
      'DELETE /api/packages/4': { status: 500, body: {} },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPackages();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Package 4' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this package?');
    expect(posts(fetchMock, 'DELETE')).toHaveLength(0);

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Package 4' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to delete the package. Please try again.',
    );
    expect(posts(fetchMock, 'DELETE')).toHaveLength(1);
  });
});
