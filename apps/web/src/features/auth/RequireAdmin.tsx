import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../lib/ui/Alert';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { useSession } from './session';

/**
 * Renders children only for the signed-in admin; everyone else is sent to /signin. A session that could not be
 * checked (offline) and whose user this device has never seen is not asked for a password it could not check
 * either: it is told so, and the page opens once the session checks out.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin, unverified } = useSession();
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
  if (!isAdmin) return <Navigate to="/signin" replace />;
  return children;
}
