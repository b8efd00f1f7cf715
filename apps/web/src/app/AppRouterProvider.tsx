import type { ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';

// What react-router/dom's RouterProvider does, without its second copy of react-router under Vitest.
const flush = (fn: () => unknown): undefined => {
  flushSync(fn);
};

/** The router provider with `flushSync` support, so `navigate(to, { flushSync: true })` works. */
export function AppRouterProvider({ router }: { router: ComponentProps<typeof RouterProvider>['router'] }) {
  return <RouterProvider router={router} flushSync={flush} />;
}
