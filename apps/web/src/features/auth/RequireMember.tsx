import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../lib/ui/Alert';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { useSession } from './session';

/**
 * Renders children for anyone signed in (a cleaner, or the owner looking at their own day); everyone else is sent
 * to /signin. Offline with a session this device has never seen a user for: told so, as the hub does.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { loading, isAuthenticated, unverified } = useSession();
  if (loading) return <InlineLoading />;
  if (!isAuthenticated && unverified) {
    return (
      <Page title="My day" narrow>
        <Alert tone="info">
          <strong>Offline.</strong> Your day is not kept on this device yet, and your sign-in cannot be
          checked without a connection: it opens here once the connection is back (no need to sign in again).
        </Alert>
      </Page>
    );
  }
  if (!isAuthenticated) return <Navigate to="/signin" replace />;
  return children;
}
