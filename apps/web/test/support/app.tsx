import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRouterProvider } from '../../src/app/AppRouterProvider';
import { routes } from '../../src/app/routes';

/** The signed-in owner as GET /api/user answers. */
export const ADMIN_USER = { id: 1, username: 'admin', email: null, is_admin: true };

/** Renders the whole app (its real routes, navigation and layout) at `path`; returns the router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AppRouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
