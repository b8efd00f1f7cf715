import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../src/features/auth/session';
import { LocationInto, type RouterProbe } from './support/app';

/** Shows the current path so tests can assert redirects. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** A QueryClient as the tests use it (no retries); seeded before rendering, it stands for a server-rendered page's. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders `routes` under a memory router with a fresh QueryClient (or the one given) and the real SessionProvider.
 * Unmatched paths (redirect targets) render an empty page, so the location probe is always there.
 */
export function renderWithApp(initialPath: string, routes: RouteObject[], queryClient = testQueryClient()) {
  const tree: RouteObject[] = [
    {
      element: (
        <SessionProvider>
          <LocationProbe />
          <Outlet />
        </SessionProvider>
      ),
      children: [...routes, { path: '*', element: null }],
    },
  ];
  const router = { state: {} } as RouterProbe;
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <LocationInto probe={router} />
        <Routes routes={tree} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element };
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/**
 * Stubs global fetch. `replies` maps "METHOD /path" to a reply (or a function of the request);
 * anything else answers 404. Site-config requests get a 404 too, so pages fall back to the defaults.
 */
export function stubFetch(
  replies: Record<string, Reply | ((init: RequestInit, url: URL) => Reply | Promise<Reply>)>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const entry = replies[key];
    const reply = await (typeof entry === 'function'
      ? entry(init, url)
      : (entry ?? { status: 404, body: { error: 'Not found' } }));
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return headers[name];
}
