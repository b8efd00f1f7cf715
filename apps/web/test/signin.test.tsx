import { TOKEN_STORAGE_KEY } from '@clean/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CELEBRATIONS } from '../src/features/auth/celebrations';
import { SignInPage } from '../src/features/auth/pages/SignInPage';
import { page, renderWithApp, stubFetch } from './utils';

const renderSignIn = () => renderWithApp('/signin', [page('/signin', <SignInPage />)]);

function submit(username: string, password: string) {
  fireEvent.input(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/signin', () => {
  it('greets the typed username, Admin by default', () => {
    stubFetch({});
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome Back, Admin!');
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'sam' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome Back, sam!');
    expect(screen.getByRole('link', { name: 'Reset here' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('requires username and password before calling the server', async () => {
    const fetchMock = stubFetch({});
    renderSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/signin')).toBe(false);
  });

  it('shows the server error in a banner and stores no token', async () => {
    const fetchMock = stubFetch({
      'POST /signin': { status: 401, body: { error: 'Invalid username or password.' } },
    });
    renderSignIn();
    submit('admin', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/signin') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'wrong-password' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('falls back to the default and network messages', async () => {
    stubFetch({ 'POST /signin': { status: 500 } });
    const view = renderSignIn();
    submit('admin', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in failed. Please try again.');
    view.unmount();

    stubFetch({ 'POST /signin': new TypeError('Failed to fetch') });
    renderSignIn();
    submit('admin', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
  });

  it('on success stores the token, celebrates, and goes to /contact-center after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      'POST /signin': { body: { token: 'jwt-123' } },
      'GET /api/user': { body: { id: 1, username: 'admin', email: null, is_admin: true } },
    });
    renderSignIn();
    submit('admin', 'right-password');

    const status = await screen.findByRole('status');
    expect(CELEBRATIONS.some((m) => status.textContent?.includes(m))).toBe(true);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-123');
    expect(screen.queryByLabelText('Password')).toBeNull();

    await act(async () => {}); // flush the effect that starts the timer
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByTestId('location').textContent).toBe('/signin');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contact-center'));
  });

  it('takes a cleaner (is_admin false) to their day instead of the hub', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      'POST /signin': { body: { token: 'jwt-ana' } },
      'GET /api/user': {
        body: { id: 7, username: 'ana@example.com', email: 'ana@example.com', is_admin: false },
      },
    });
    renderSignIn();
    submit('ana@example.com', 'right-password');
    await screen.findByText('Taking you to your day…');
    expect(screen.getByRole('link', { name: 'Go now' }).getAttribute('href')).toBe('/my-day');
    await act(async () => {
      vi.advanceTimersByTime(5100);
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-day'));
  });
});
