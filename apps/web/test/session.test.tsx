import { TOKEN_STORAGE_KEY } from '@clean/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAdmin } from '../src/features/auth/RequireAdmin';
import { useSession } from '../src/features/auth/session';
import { headerOf, page, renderWithApp, stubFetch } from './utils';

const admin = { id: 1, username: 'admin', email: 'owner@example.com', is_admin: true };

function SessionProbe() {
  const { loading, isAuthenticated, isAdmin, unverified, user, token, login, logout } = useSession();
  return (
    <div>
      <p data-testid="state">
        {JSON.stringify({
          loading,
          isAuthenticated,
          isAdmin,
          unverified,
          username: user?.username ?? null,
          token,
        })}
      </p>
      <button type="button" onClick={() => login('fresh-token')}>
        login
      </button>
      <button type="button" onClick={() => logout()}>
        logout
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');
const location = () => screen.getByTestId('location').textContent;

describe('SessionProvider', () => {
  it('without a stored token is not loading from the first render and makes no user lookup', () => {
    const fetchMock = stubFetch({});
    renderWithApp('/home', [page('/home', <SessionProbe />)]);

    expect(screen.queryByText('Loading...')).toBeNull();
    expect(state()).toEqual({
      loading: false,
      isAuthenticated: false,
      isAdmin: false,
      unverified: false,
      username: null,
      token: null,
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/user'))).toBe(false);
  });

  it('with a bad token shows Loading..., then clears the session and redirects to /signin', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'bad-token');
    const fetchMock = stubFetch({ 'GET /api/user': { status: 401, body: { error: 'Invalid token.' } } });
    renderWithApp('/home', [page('/home', <SessionProbe />)]);

    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/signin'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user') ?? [];
    expect(headerOf(init, 'Authorization')).toBe('Bearer bad-token');
    // No message is shown to the user (docs/product.md#sessions).
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // docs/product.md#sessions: only the server refusing the token ends a session; the hub works offline.
  it('with a network error keeps the token and the user last seen for it, and checks again once online', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'good-token');
    let reply: Error | { status: number; body?: unknown } = { status: 200, body: admin };
    const fetchMock = stubFetch({ 'GET /api/user': () => reply });
    const first = renderWithApp('/home', [page('/home', <SessionProbe />)]);
    await waitFor(() => expect(state().isAuthenticated).toBe(true));
    first.unmount();

    // The next start finds no connection.
    reply = new TypeError('Failed to fetch');
    renderWithApp('/home', [page('/home', <SessionProbe />)]);
    await waitFor(() => expect(state().unverified).toBe(true));
    expect(state()).toMatchObject({ loading: false, isAdmin: true, username: 'admin', token: 'good-token' });
    expect(location()).toBe('/home');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good-token');

    // Back online the token is checked again: a 401 now ends the session as always.
    const lookups = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user').length;
    const before = lookups();
    reply = { status: 401, body: { error: 'Invalid token.' } };
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(location()).toBe('/signin'));
    expect(lookups()).toBe(before + 1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('with a server fault (503) keeps the session too; with no user seen for the token it is unverified, not admin', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    stubFetch({ 'GET /api/user': { status: 503, body: { error: 'Service unavailable.' } } });
    renderWithApp('/home', [page('/home', <SessionProbe />)]);

    await waitFor(() => expect(state().unverified).toBe(true));
    expect(state()).toMatchObject({
      loading: false,
      isAuthenticated: false,
      isAdmin: false,
      token: 'some-token',
    });
    expect(location()).toBe('/home');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('some-token');
  });

  it('the hub, offline with no user seen for the token, says so instead of asking for the password', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    stubFetch({ 'GET /api/user': new TypeError('Failed to fetch') });
    renderWithApp('/contact-center', [page('/contact-center', <RequireAdmin>hub</RequireAdmin>)]);

    await screen.findByText(/Nothing of the hub is kept on this device yet/);
    expect(location()).toBe('/contact-center');
    expect(screen.queryByText('hub')).toBeNull();
  });

  it('with a good token stores the user and stays on the page', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'good-token');
    stubFetch({ 'GET /api/user': { body: admin } });
    renderWithApp('/home', [page('/home', <SessionProbe />)]);

    await waitFor(() => expect(state().isAuthenticated).toBe(true));
    expect(state()).toMatchObject({ loading: false, isAdmin: true, username: 'admin', token: 'good-token' });
    expect(location()).toBe('/home');
  });

  it('login stores the token and looks the user up; logout clears everything and goes to /signin', async () => {
    const fetchMock = stubFetch({ 'GET /api/user': { body: admin } });
    renderWithApp('/home', [page('/home', <SessionProbe />)]);

    fireEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    await waitFor(() => expect(state().username).toBe('admin'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user') ?? [];
    expect(headerOf(init, 'Authorization')).toBe('Bearer fresh-token');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    });
    await waitFor(() => expect(location()).toBe('/signin'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
