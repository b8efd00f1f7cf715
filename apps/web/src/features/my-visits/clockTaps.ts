import type { ClockRecord } from '@clean/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { type ClockAction, sendClockTap } from './api';

/**
 * The cleaner's clock taps, kept on the phone (localStorage) until the server has them: a tap made without a
 * connection is sent when it comes back, with the time it was made and its idempotency key, so a tap sent twice
 * (a replay after a lost answer) counts once (docs/architecture.md, "The cleaner's day").
 */
export type ClockTap = {
  /** Also the request's Idempotency-Key. */
  id: string;
  /** Whose tap: only their session sends it (another cleaner may sign in on the same phone before it goes). */
  user: number;
  visit: string;
  action: ClockAction;
  /** When the cleaner tapped (ISO). */
  at: string;
  /** Made or first sent without a connection: sent later with `at`, and the server marks it recorded offline. */
  offline: boolean;
  state: 'waiting' | 'sent' | 'refused';
  record?: ClockRecord;
  /** The server's reason for a refused tap. */
  error?: string;
};

const STORAGE_KEY = 'my-visits-clock-taps';
/** Taps are shown for the day or two they matter; the server only takes them up to 12 h old anyway. */
const KEEP_MS = 48 * 60 * 60 * 1000;

function read(): ClockTap[] {
  try {
    const taps = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(taps) ? taps : [];
  } catch {
    return [];
  }
}

let taps: ClockTap[] = typeof window === 'undefined' ? [] : read();
const listeners = new Set<() => void>();

function save(next: ClockTap[]) {
  taps = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the tap still goes out now if it can.
  }
  for (const listener of listeners) listener();
}

const change = (id: string, update: Partial<ClockTap>) =>
  save(taps.map((t) => (t.id === id ? { ...t, ...update } : t)));

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const inFlight = new Set<string>();

/** Sends one tap; without an answer it stays waiting (then as an offline tap, with its time). */
async function send(tap: ClockTap): Promise<void> {
  if (inFlight.has(tap.id)) return;
  inFlight.add(tap.id);
  try {
    const record = await sendClockTap(tap.visit, tap.action, tap.id, tap.offline ? tap.at : undefined);
    change(tap.id, { state: 'sent', record });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      change(tap.id, { state: 'refused', error: err.serverMessage ?? 'The clock tap was refused.' });
    } else change(tap.id, { offline: true });
  } finally {
    inFlight.delete(tap.id);
  }
}

/** Records `user`'s tap now (`now` is the tap's time) and sends it at once when the phone is online. */
export function tapClock(user: number, visit: string, action: ClockAction, now = Date.now()): Promise<void> {
  const tap: ClockTap = {
    id: newId(),
    user,
    visit,
    action,
    at: new Date(now).toISOString(),
    offline: !navigator.onLine,
    state: 'waiting',
  };
  save([...taps.filter((t) => now - Date.parse(t.at) < KEEP_MS), tap]);
  return tap.offline ? Promise.resolve() : send(tap);
}

let replaying: Promise<void> | null = null;

/** Sends `user`'s waiting taps, oldest first (a clock-in before its clock-out); one replay at a time. */
export function replayClockTaps(user: number): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  replaying ??= (async () => {
    for (const tap of taps.filter((t) => t.state === 'waiting' && t.user === user)) await send(tap);
  })().finally(() => {
    replaying = null;
  });
  return replaying;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every kept tap, oldest first. */
export const useClockTaps = () => useSyncExternalStore(subscribe, () => taps);

/**
 * While the day shows: waiting taps go out now, whenever the connection comes back, and when the page is looked at
 * again (a phone can report a connection that carries nothing, and never say "online" afterwards).
 */
export function useClockReplay(user: number | undefined) {
  useEffect(() => {
    if (user === undefined) return;
    const replay = () => void replayClockTaps(user);
    const onShow = () => document.visibilityState === 'visible' && replay();
    replay();
    window.addEventListener('online', replay);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.removeEventListener('online', replay);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [user]);
}
