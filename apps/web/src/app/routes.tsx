import { PAGE_ROUTES, type PageRoute } from '@clean/shared';
import { lazy, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/RequireAdmin';
import { RequireMember } from '../features/auth/RequireMember';
import { publicPageChunks } from './page-chunks';
import { RootLayout } from './RootLayout';

// Every page is its own chunk: visitors never download the admin hub, and vice versa. On a server-rendered page
// React keeps the page's server markup, live links and forms included, until its chunk has loaded, then hydrates it.
const HomePage = lazy(() => publicPageChunks['/']().then((m) => ({ default: m.HomePage })));
const PackagesPage = lazy(() => publicPageChunks['/packages']().then((m) => ({ default: m.PackagesPage })));
const ContactPage = lazy(() => publicPageChunks['/contact']().then((m) => ({ default: m.ContactPage })));
const GalleryPage = lazy(() => publicPageChunks['/gallery']().then((m) => ({ default: m.GalleryPage })));
const ReviewsPage = lazy(() => publicPageChunks['/reviews']().then((m) => ({ default: m.ReviewsPage })));
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
// A cleaner's day (at /my-day): composed in app/ like the hub, its own small chunk.
const MyDayPage = lazy(() => import('./my-day/MyDayPage').then((m) => ({ default: m.MyDayPage })));
const NotFoundPage = lazy(() =>
  import('../features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/** The screen of each page (docs/product.md#the-public-pages; the paths come from the list the server shares). */
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
  '/my-day': (
    <RequireMember>
      <MyDayPage />
    </RequireMember>
  ),
};

/** Every page inside the layout (a page's failure stays inside it too: see RootLayout). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...PAGE_ROUTES.map((path) => ({ path, element: pages[path] })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
