import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from '../src/features/auth/pages/ResetPasswordPage';
import { headerOf, page, renderWithApp, stubFetch } from './utils';

const renderReset = (path = '/reset-password?token=reset-abc') =>
  renderWithApp(path, [page('/reset-password', <ResetPasswordPage />)]);

function fill(password: string, confirm: string) {
  fireEvent.input(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.input(screen.getByLabelText('Confirm Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('without ?token= shows "Invalid or missing token." and no form', () => {
    stubFetch({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or missing token.');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
  });

  it('requires both fields', () => {
    const fetchMock = stubFetch({});
    renderReset();
    fill('', '');
    expect(screen.getByRole('alert').textContent).toBe('Both fields are required.');
    fill('long-enough-1', '');
    expect(screen.getByRole('alert').textContent).toBe('Both fields are required.');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/reset-password')).toBe(false);
  });

  it('rejects mismatching passwords without calling the server', () => {
    const fetchMock = stubFetch({});
    renderReset();
    fill('long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match.');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/reset-password')).toBe(false);
  });

  it('applies the shared password-length rule', () => {
    stubFetch({});
    renderReset();
    fill('short', 'short');
    expect(screen.getByRole('alert').textContent).toMatch(/at least 8 characters/);
  });

  it('sends the reset token as bearer, shows the server message, and goes to /signin after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      'POST /reset-password': { body: { message: 'Your password has been reset.' } },
    });
    renderReset();
    fill('new-password-1', 'new-password-1');

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your password has been reset.');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/reset-password') ?? [];
    expect(headerOf(init, 'Authorization')).toBe('Bearer reset-abc');
    expect(JSON.parse(String(init?.body))).toEqual({ new_password: 'new-password-1' });

    await act(async () => {}); // flush the effect that starts the timer
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByTestId('location').textContent).toBe('/reset-password?token=reset-abc');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin'));
  });

  it('shows the server error, the default failure text, or the network text', async () => {
    stubFetch({ 'POST /reset-password': { status: 400, body: { error: 'Reset link has expired.' } } });
    const view = renderReset();
    fill('new-password-1', 'new-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Reset link has expired.');
    view.unmount();

    stubFetch({ 'POST /reset-password': { status: 500 } });
    const view2 = renderReset();
    fill('new-password-1', 'new-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to reset password. Please try again.',
    );
    view2.unmount();

    stubFetch({ 'POST /reset-password': new TypeError('Failed to fetch') });
    renderReset();
    fill('new-password-1', 'new-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again later.',
    );
  });
});
