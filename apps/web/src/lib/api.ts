import { TOKEN_STORAGE_KEY, TOTAL_COUNT_HEADER, TOTAL_MORE_HEADER } from '@clean/shared';

/** The server answered with a non-OK status. `serverMessage` is its `{ error }` text, when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The request never got an answer (offline, server down, CORS, DNS…). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** How requests leave: the browser's fetch, or (server rendering) a call straight into the server. */
let send: typeof fetch = (input, init) => fetch(input, init);
export function setFetch(implementation: typeof fetch) {
  send = implementation;
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData as multipart/form-data (a photo upload), its boundary set by the browser. */
  body?: unknown;
  /** Appended as a query string; empty values are skipped. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /**
   * Bearer token. Omitted: the signed-in user's token from storage, if any.
   * A string: that token (e.g. a password-reset token). `null`: no Authorization header.
   */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sees the raw OK response (headers such as X-Total-Count). */
  onResponse?: (response: Response) => void;
};

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorText(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim()) return error;
  }
  return undefined;
}

/**
 * The one fetch wrapper: same-origin JSON calls, bearer token, `{ error }` parsing.
 * Resolves with the parsed JSON body (undefined when empty); rejects with ApiError or NetworkError
 * (an AbortError is passed through untouched).
 */
export async function apiFetch<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await send(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }

  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, errorText(data));
  options.onResponse?.(response);
  return data as T;
}

/** One page of a list plus the X-Total-Count the server sends with `?page=&limit=`. */
export async function apiList<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ items: T[]; total: number; more: boolean }> {
  let total = 0;
  let more = false;
  const items = await apiFetch<T[]>(path, {
    ...options,
    onResponse: (response) => {
      total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0);
      more = response.headers.has(TOTAL_MORE_HEADER);
    },
  });
  return { items, total: total || items.length, more };
}

/** A message for the user: the server's `{ error }` text, else `fallback`; `networkFallback` when offline. */
export function errorMessage(err: unknown, fallback: string, networkFallback = fallback): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof NetworkError) return networkFallback;
  return fallback;
}
