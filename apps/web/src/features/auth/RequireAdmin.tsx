import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '../../lib/ui/Alert';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { useSession } from './session';

/**
 * Renders children only for the signed-in admin; a signed-in cleaner is told the hub is the owner's and given a
 * link to their day; everyone else is sent to /signin. A session that could not be
 * checked (offline) and whose user this device has never seen is not asked for a password it could not check
 * either: it is told so, and the page opens once the session checks out.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin, isAuthenticated, unverified } = useSession();
  if (loading) return <InlineLoading />;
  if (!isAdmin && unverified) {
    return (
      <Page title="Contact Center">
        <Alert tone="info">
          <strong>Offline.</strong> Nothing of the hub is kept on this device yet, and your sign-in cannot be
          checked without a connection: the hub opens here once it is back (no need to sign in again).
        </Alert>
      </Page>
    );
  }
  if (isAuthenticated && !isAdmin) {
    return (
      <Page title="Contact Center" narrow>
        <Alert tone="info">
          The Contact Center is the owner’s.{' '}
          <Link to="/my-day" className="font-semibold underline">
            Open your day
          </Link>{' '}
          for your visits.
        </Alert>
      </Page>
    );
  }
  if (!isAdmin) return <Navigate to="/signin" replace />;
  return children;
}
