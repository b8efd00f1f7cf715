import { TOKEN_STORAGE_KEY, type User } from '@clean/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, readStoredToken } from '../../lib/api';
import { dropOwnerCaches } from '../../lib/hubCache';
import { siteConfigQueryOptions } from '../../lib/site-config';
import { FullScreenLoading } from '../../lib/ui/Loading';
import { useCurrentUser } from './api';

export type Session = {
  user: User | null;
  token: string | null;
  /** True while the signed-in user is being looked up. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /**
   * True while the stored token could not be checked (no connection, or the server answered with a fault): the
   * session is kept, with the user this device last saw for that token (if any), and checked again once online.
   */
  unverified: boolean;
  /** Stores the token (state + localStorage) and looks the user up. */
  login: (token: string) => void;
  /** Clears token, user and storage, then navigates (to /signin unless told otherwise). */
  logout: (redirectTo?: string) => void;
};

const SessionContext = createContext<Session | null>(null);

/** The user the stored token last belonged to, so the hub knows its owner offline (docs/product.md#sessions). */
const USER_STORAGE_KEY = 'session-user';

function writeStoredToken(token: string | null) {
  try {
    // A new token (or none) has no known user until its look-up answers.
    window.localStorage.removeItem(USER_STORAGE_KEY);
    if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works.
  }
}

function writeStoredUser(user: User) {
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {}
}

/** Checked by hand as fetchCurrentUser does: the public pages' first load carries no schema library. */
function readStoredUser(): User | null {
  try {
    const user = JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as User | null;
    const valid = typeof user?.username === 'string' && typeof user.is_admin === 'boolean';
    return valid ? user : null;
  } catch {
    return null;
  }
}

/** Only the server refusing the token ends a session; no connection, a fault or a garbled answer does not. */
const refusesToken = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Session state (docs/product.md#sessions). Must sit inside the router. Renders the full-screen 'Loading...' until
 * the stored token (if any) has been resolved; later look-ups (after login) keep the page on screen.
 * As docs/product.md#sessions says: only a 401 from the look-up ends the session (a forged, expired or
 * retired token). A look-up that gets no answer or a server fault keeps the stored token and the user last seen
 * for it, so the hub opens offline; the look-up runs again when the connection comes back.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readStoredToken);
  const lookup = useCurrentUser(token);
  const unverified = token !== null && lookup.isError && !refusesToken(lookup.error);
  // Read once per unanswered look-up, so the session (and every page using it) keeps one user object.
  const storedUser = useMemo(() => (unverified ? readStoredUser() : null), [unverified]);
  const user = token === null ? null : (lookup.data ?? storedUser);
  const loading = token !== null && lookup.isPending;
  // The first screen waits for the stored token's user; later look-ups (after login) keep the page on screen.
  const [resolved, setResolved] = useState(() => token === null);

  const clear = useCallback(() => {
    writeStoredToken(null);
    setToken(null);
    // Drop cached private data; public content (and the site config) stays. The hub's service worker keeps the
    // owner's answers for offline use: gone too.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== siteConfigQueryOptions.queryKey[0] });
    void dropOwnerCaches();
  }, [queryClient]);

  const onLookupFailed = useEffectEvent(() => {
    clear();
    setResolved(true);
    navigate('/signin', { replace: true });
  });

  useEffect(() => {
    if (lookup.isSuccess) {
      writeStoredUser(lookup.data);
      setResolved(true);
    } else if (lookup.isError) {
      if (refusesToken(lookup.error)) onLookupFailed();
      else setResolved(true);
    }
  }, [lookup.isSuccess, lookup.isError, lookup.data, lookup.error]);

  // Back online, a session kept without an answer is checked again (a 401 then ends it as above).
  const recheck = useEffectEvent(() => {
    if (unverified) void lookup.refetch();
  });
  useEffect(() => {
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, []);

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      setToken(readStoredToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((next: string) => {
    // Storage mirrors the state; the same token again needs no new look-up.
    if (readStoredToken() === next) return;
    void dropOwnerCaches();
    writeStoredToken(next);
    setToken(next);
  }, []);

  // Signing out leaves the page first and drops the user once the next page is on screen: a guarded page (the hub)
  // still showing while the next page's code downloads would otherwise send the browser to /signin.
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (leavingFor === null || pathname !== leavingFor) return;
    setLeavingFor(null);
    clear();
  }, [leavingFor, pathname, clear]);

  const logout = useCallback(
    (redirectTo = '/signin') => {
      writeStoredToken(null);
      setLeavingFor(redirectTo);
      navigate(redirectTo);
    },
    [navigate],
  );

  const value = useMemo<Session>(
    () => ({
      user,
      token,
      loading,
      isAuthenticated: user !== null,
      isAdmin: user?.is_admin === true,
      unverified,
      login,
      logout,
    }),
    [user, token, loading, unverified, login, logout],
  );

  return (
    <SessionContext.Provider value={value}>
      {resolved ? children : <FullScreenLoading />}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
