import { PAGE_ROUTES, type PageRoute, PUBLIC_ROUTES, type PublicRoute } from '@clean/shared';
import { lazy, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { hydratedLater } from '../lib/in-own-task';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// Every page is its own chunk: visitors never download the admin hub, and vice versa.
const loadHome = () => import('../features/home/HomePage').then((m) => ({ default: m.HomePage }));
const loadPackages = () =>
  import('../features/packages/PackagesPage').then((m) => ({ default: m.PackagesPage }));
const loadContact = () => import('../features/contact/ContactPage').then((m) => ({ default: m.ContactPage }));
const loadGallery = () => import('../features/gallery/GalleryPage').then((m) => ({ default: m.GalleryPage }));
const loadReviews = () => import('../features/reviews/ReviewsPage').then((m) => ({ default: m.ReviewsPage }));

/**
 * Loads a server-rendered page's chunk before hydrating, so the page hydrates at once (a click on
 * server-rendered markup that is not hydrated yet would be lost).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const loaders: Record<PublicRoute, () => Promise<unknown>> = {
    '/': loadHome,
    '/packages': loadPackages,
    '/contact': loadContact,
    '/gallery': loadGallery,
    '/reviews': loadReviews,
  };
  const load = (PUBLIC_ROUTES as readonly string[]).includes(pathname) && loaders[pathname as PublicRoute];
  return load ? load() : Promise.resolve();
}

/**
 * A public page, given a task after its chunk has loaded while a server-rendered page hydrates: hydrating it then
 * is a task of its own after the layout's (the page's markup waits as the server sent it), not one long task that
 * keeps a phone from answering; and the document counts as hydrated only once the page has (hydratedLater).
 */
const HomePage = hydratedLater(loadHome);
const PackagesPage = hydratedLater(loadPackages);
const ContactPage = hydratedLater(loadContact);
const GalleryPage = hydratedLater(loadGallery);
const ReviewsPage = hydratedLater(loadReviews);
const SignInPage = lazy(() =>
  import('../features/auth/pages/SignInPage').then((m) => ({ default: m.SignInPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
// The owner's hub (at /contact-center): composed here in app/ from the features' sections.
const HubPage = lazy(() => import('./hub/HubPage').then((m) => ({ default: m.HubPage })));
const NotFoundPage = lazy(() =>
  import('../features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/** The screen of each page of spec §2 (the paths come from the list the server shares). */
const pages: Record<PageRoute, ReactElement> = {
  '/': <HomePage />,
  '/signin': <SignInPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/packages': <PackagesPage />,
  '/contact': <ContactPage />,
  '/gallery': <GalleryPage />,
  '/reviews': <ReviewsPage />,
  '/contact-center': (
    <RequireAdmin>
      <HubPage />
    </RequireAdmin>
  ),
};

/** The pathless middle route keeps errors inside the layout (nav and footer stay). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...PAGE_ROUTES.map((path) => ({ path, element: pages[path] })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
