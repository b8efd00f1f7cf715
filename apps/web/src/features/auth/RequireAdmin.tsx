import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { InlineLoading } from '../../lib/ui/Loading';
import { useSession } from './session';

/** Renders children only for the signed-in admin; everyone else is sent to /signin. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin } = useSession();
  if (loading) return <InlineLoading />;
  if (!isAdmin) return <Navigate to="/signin" replace />;
  return children;
}
