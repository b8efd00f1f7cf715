import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRouterProvider } from './AppRouterProvider';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouterProvider router={router} />
    </QueryClientProvider>
  );
}
