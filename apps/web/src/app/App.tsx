import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { AppRouterProvider } from './AppRouterProvider';

/** The whole app: built by start.tsx (the query client holds the server-rendered page's data, if any). */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ComponentProps<typeof AppRouterProvider>['router'];
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouterProvider router={router} />
    </QueryClientProvider>
  );
}
