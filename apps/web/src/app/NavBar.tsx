import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../features/auth/session';
import { useSiteConfig } from '../lib/site-config';
import { cx } from '../lib/ui/cx';
import { ExternalLink } from '../lib/ui/ExternalLink';
import { LeafMark } from '../lib/ui/LeafMark';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/packages', label: 'Packages' },
  { to: '/contact', label: 'Book Now' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/reviews', label: 'Reviews' },
] as const;

const itemClass =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-900 ' +
  'md:px-2.5 md:py-2 md:text-sm lg:px-3';

function navItemClass({ isActive }: { isActive: boolean }) {
  return cx(itemClass, isActive && 'bg-brand-100 text-brand-900 md:bg-brand-50');
}

function ExternalIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="ml-1 inline h-3 w-3 align-baseline"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 3h7v7M13 3 5 11M11 13H3V5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function NavBar() {
  const { businessName, social } = useSiteConfig();
  const { isAuthenticated, isAdmin, logout } = useSession();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  // A new page closes the mobile menu (covers back/forward too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used
  useEffect(() => setOpen(false), [pathname]);
  // A menu opened before the page was live stays open: the state starts from it (after the effect above).
  useEffect(() => setOpen(menu.current?.open ?? false), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 py-3 sm:px-6"
      >
        <Link to="/signin" className="flex min-w-0 items-center gap-2.5 rounded-lg" onClick={close}>
          <LeafMark className="h-9 w-9 shrink-0" />
          <span className="truncate text-lg font-bold tracking-tight text-brand-900">{businessName}</span>
        </Link>

        {/* The phone menu is a native disclosure: it opens before and without script, and its summary is a
            button with its expanded state for assistive technology. From md up its list is always shown. */}
        <details
          ref={menu}
          open={open}
          onToggle={(e) => setOpen(e.currentTarget.open)}
          className="group w-full md:w-auto md:[&::details-content]:contents md:[&::details-content]:[content-visibility:visible]"
        >
          <summary
            aria-label="Menu"
            className="absolute top-3 right-4 inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 sm:right-6 md:hidden [&::-webkit-details-marker]:hidden"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
              <path
                className="group-open:hidden"
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <path
                className="hidden group-open:block"
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>

          <ul className="mt-3 flex w-full flex-col gap-1 border-t border-stone-200 pt-3 pb-1 md:mt-0 md:w-auto md:flex-row md:items-center md:gap-0.5 md:border-0 md:p-0">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={'end' in link}
                  onClick={close}
                  className={
                    link.to === '/contact'
                      ? ({ isActive }) =>
                          cx(
                            'block rounded-full bg-brand-700 px-4 py-2.5 text-center text-base font-semibold text-white hover:bg-brand-800 md:mx-1 md:py-2 md:text-sm',
                            isActive && 'ring-2 ring-brand-300',
                          )
                      : navItemClass
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <ExternalLink href={social.url} className={itemClass} onClick={close}>
                {social.label}
                <ExternalIcon />
              </ExternalLink>
            </li>
            {isAuthenticated && (
              <>
                <li>
                  <NavLink
                    to={isAdmin ? '/contact-center' : '/my-day'}
                    onClick={close}
                    className={navItemClass}
                  >
                    {isAdmin ? 'Admin' : 'My day'}
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className={cx(itemClass, 'w-full text-left')}
                    onClick={() => {
                      close();
                      logout('/');
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              </>
            )}
          </ul>
        </details>
      </nav>
    </header>
  );
}
