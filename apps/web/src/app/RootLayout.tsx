import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SessionProvider } from '../features/auth/session';
import { InlineLoading } from '../lib/ui/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

export function RootLayout() {
  return (
    <SessionProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <NavBar />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Suspense fallback={<InlineLoading />}>
            <Outlet />
            <HydratedMark />
          </Suspense>
        </main>
        <Footer />
      </div>
      <ScrollRestoration />
    </SessionProvider>
  );
}

/**
 * Marks the document once the page itself is live: beside the page in its Suspense boundary, this effect runs when
 * React has hydrated (or rendered) the page. Browser tests wait for `html[data-hydrated]`; `npm run live` reads the `hydrated` performance mark.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
  }, []);
  return null;
}
