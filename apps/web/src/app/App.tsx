import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRouterProvider } from './AppRouterProvider';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

/** `state`: the query cache the server rendered the page with, so hydration needs no second fetch. */
export function App({ state }: { state?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (state) hydrate(client, state);
    return client;
  });
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouterProvider router={router} />
    </QueryClientProvider>
  );
}
