import { useSyncExternalStore } from 'react';
import { setFetch } from './api';
import { dropOwnerCaches, FETCHED_AT_HEADER } from './hubCache';

/** A write tried while the server cannot be reached: refused with this message, never queued to be sent later. */
export class OfflineWriteError extends Error {
  constructor() {
    super('Not saved: you are offline. Try again once the connection is back.');
    this.name = 'OfflineWriteError';
  }
}

/**
 * What the hub shows about the connection. `cachedAsOf`: when the oldest answer shown from the hub worker's
 * cache was fetched (null once the network answers again); `networkAt`: the last answer from the network;
 * `refusedAt`: the last write refused offline.
 */
export type OfflineState = {
  online: boolean;
  cachedAsOf: number | null;
  networkAt: number | null;
  refusedAt: number | null;
};

let state: OfflineState = {
  online: typeof navigator === 'undefined' || navigator.onLine,
  cachedAsOf: null,
  networkAt: null,
  refusedAt: null,
};
const listeners = new Set<() => void>();

function update(change: Partial<OfflineState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  const onLine = () => update({ online: navigator.onLine, ...(navigator.onLine ? { refusedAt: null } : {}) });
  if (listeners.size === 0) {
    window.addEventListener('online', onLine);
    window.addEventListener('offline', onLine);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onLine);
      window.removeEventListener('offline', onLine);
    }
  };
}

export const useOfflineState = () => useSyncExternalStore(subscribe, () => state);

/**
 * How the hub's requests leave (installed by the hub, `installHubFetch`): a write that cannot reach the server
 * (the device is offline, or the request gets no answer) is refused with OfflineWriteError, an answer from the
 * worker's cache (it carries FETCHED_AT_HEADER) is noted for the notice, and an expired session (401) drops every
 * cached owner answer.
 */
const hubFetch: typeof fetch = async (input, init) => {
  const write = (init?.method ?? 'GET') !== 'GET';
  let response: Response;
  try {
    if (write && !navigator.onLine) throw new OfflineWriteError();
    response = await fetch(input, init);
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === 'AbortError';
    if (!write || aborted) throw err;
    update({ refusedAt: Date.now() });
    throw new OfflineWriteError();
  }
  if (response.status === 401) await dropOwnerCaches();
  const fetchedAt = Date.parse(response.headers.get(FETCHED_AT_HEADER) ?? '');
  if (Number.isNaN(fetchedAt)) update({ cachedAsOf: null, refusedAt: null, networkAt: Date.now() });
  else if (state.cachedAsOf === null || fetchedAt < state.cachedAsOf) update({ cachedAsOf: fetchedAt });
  return response;
};

export function installHubFetch() {
  setFetch(hubFetch);
}
