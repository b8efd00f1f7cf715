import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SessionProvider } from '../features/auth/session';
import { inOwnTask, whenAllHydrated } from '../lib/in-own-task';
import { InlineLoading } from '../lib/ui/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

// The menu and the footer hydrate apart from the page: three shorter tasks instead of one long one.
const NavBarApart = inOwnTask(NavBar);
const FooterApart = inOwnTask(Footer);

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
        <NavBarApart />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Suspense fallback={<InlineLoading />}>
            <Outlet />
            <HydratedMark />
          </Suspense>
        </main>
        <FooterApart />
      </div>
      <ScrollRestoration />
    </SessionProvider>
  );
}

/**
 * Marks the document once the page itself is live. Preact runs this effect while the page is still loading (it
 * keeps a suspended page's server markup and commits the rest), so the mark waits for every part deferred with
 * hydratedLater, the page among them, and for the parts the page defers in turn. Browser tests wait for
 * `html[data-hydrated]` before clicking server-rendered markup.
 */
function HydratedMark() {
  useEffect(() => {
    whenAllHydrated(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return null;
}
