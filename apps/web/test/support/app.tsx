import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../../src/app/App';

/** The signed-in owner as GET /api/user answers. */
export const ADMIN_USER = { id: 1, username: 'admin', email: null, is_admin: true };

/** Where a rendered app is (`router.state.location`), updated as it navigates. */
export type RouterProbe = { state: { location: Location } };

/** Keeps `probe` at the router's current location. */
export function LocationInto({ probe }: { probe: RouterProbe }) {
  probe.state.location = useLocation();
  return null;
}

/** Renders the whole app (its real routes, navigation and layout) at `path`; returns where it is. */
export function renderApp(path: string): RouterProbe {
  const probe = { state: {} } as RouterProbe;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationInto probe={probe} />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return probe;
}
