import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRoutes } from 'react-router';
import { routes } from './routes';

/** The pages at the current address (inside a router: the browser's, the server's or a test's). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The whole app below its router: built by start.tsx (the query client holds the server-rendered page's data). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>
  );
}
