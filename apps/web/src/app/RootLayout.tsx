import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { SessionProvider } from '../features/auth/session';
import { HydratedMark, HydrationProvider } from '../lib/hydration';
import { InlineLoading } from '../lib/ui/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageErrorBoundary } from './RouteError';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <SessionProvider>
      <HydrationProvider>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <NavBar />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <PageErrorBoundary key={pathname}>
              <Suspense fallback={<InlineLoading />}>
                <Outlet />
                <HydratedMark />
              </Suspense>
            </PageErrorBoundary>
          </main>
          <Footer />
        </div>
      </HydrationProvider>
      <ScrollToTop />
    </SessionProvider>
  );
}

/**
 * A new page starts at its top (or at the part its address names, `#id`); a change of the same page's state (its
 * page number, an open dialog) keeps the scroll, and Back / Forward leave it to the browser.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const how = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) or target (hash) is the trigger
  useEffect(() => {
    if (how === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
