import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/RequireAdmin';
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
  const load = {
    '/': loadHome,
    '/packages': loadPackages,
    '/contact': loadContact,
    '/gallery': loadGallery,
    '/reviews': loadReviews,
  }[pathname];
  return load ? load() : Promise.resolve();
}

const HomePage = lazy(loadHome);
const SignInPage = lazy(() =>
  import('../features/auth/pages/SignInPage').then((m) => ({ default: m.SignInPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const PackagesPage = lazy(loadPackages);
const ContactPage = lazy(loadContact);
const GalleryPage = lazy(loadGallery);
const ReviewsPage = lazy(loadReviews);
const ContactCenterPage = lazy(() =>
  import('../features/contact-center/ContactCenterPage').then((m) => ({ default: m.ContactCenterPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/** Spec §2 routes. The pathless middle route keeps errors inside the layout (nav and footer stay). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'packages', element: <PackagesPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'gallery', element: <GalleryPage /> },
          { path: 'reviews', element: <ReviewsPage /> },
          {
            path: 'contact-center',
            element: (
              <RequireAdmin>
                <ContactCenterPage />
              </RequireAdmin>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
