import type {
  ForgotPasswordInput,
  MessageResponse,
  ResetPasswordInput,
  SigninInput,
  TokenResponse,
  User,
} from '@clean/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** POST /signin → { token }. */
export function signIn(input: SigninInput) {
  return apiFetch<TokenResponse>('/signin', { method: 'POST', body: input, token: null });
}

/** GET /api/user with the given token: who is signed in. */
export async function fetchCurrentUser(token: string, signal?: AbortSignal): Promise<User> {
  const user = await apiFetch<User>('/api/user', { token, signal });
  if (!user || typeof user !== 'object' || typeof user.username !== 'string') {
    throw new Error('Unexpected user response');
  }
  return user;
}

/** POST /forgot_password: mails a reset link (the answer is the same whether or not the user exists). */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiFetch<MessageResponse>('/forgot_password', { method: 'POST', body: input, token: null });
}

/**
 * POST /reset-password: the reset token from the e-mailed link travels as the bearer token
 * (docs/product.md#sign-in-forgotten-and-reset-password).
 */
export function resetPassword({ token, new_password }: ResetPasswordInput & { token: string }) {
  return apiFetch<MessageResponse>('/reset-password', {
    method: 'POST',
    body: { new_password },
    token,
  });
}

export const currentUserKey = (token: string | null) => ['session', 'user', token] as const;

/**
 * The user of a token, looked up once per token (no retry): a 401 ends the session, any other failure keeps it
 * and the session looks again when the connection comes back (session.tsx). The answer stays valid for as long
 * as the token is in use.
 */
export const currentUserQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: currentUserKey(token),
    queryFn: ({ signal }) => fetchCurrentUser(token as string, signal),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCurrentUser = (token: string | null) => useQuery(currentUserQueryOptions(token));

export const useSignIn = () => useMutation({ mutationFn: signIn });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
