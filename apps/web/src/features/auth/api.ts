import type { MessageResponse, TokenResponse, User } from '@clean/shared';
import { apiFetch } from '../../lib/api';

export function signIn(input: { username: string; password: string }) {
  return apiFetch<TokenResponse>('/signin', { method: 'POST', body: input, token: null });
}

export async function fetchCurrentUser(token: string, signal?: AbortSignal): Promise<User> {
  const user = await apiFetch<User>('/api/user', { token, signal });
  if (!user || typeof user !== 'object' || typeof user.username !== 'string') {
    throw new Error('Unexpected user response');
  }
  return user;
}

export function requestPasswordReset(input: { username: string }) {
  return apiFetch<MessageResponse>('/forgot_password', { method: 'POST', body: input, token: null });
}

/** The reset token from the e-mailed link travels as the bearer token (spec §7). */
export function resetPassword(resetToken: string, newPassword: string) {
  return apiFetch<MessageResponse>('/reset-password', {
    method: 'POST',
    body: { new_password: newPassword },
    token: resetToken,
  });
}
