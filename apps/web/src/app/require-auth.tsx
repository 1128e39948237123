import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { authClient } from '../lib/auth-client';
import { paths } from '../lib/routes';

/** Route guard: follows the session live; loading, signed out (to /login, replacing history), signed in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  if (session.isPending) return <PageLoader />;
  if (!session.data) return <Navigate to={paths.login} replace />;
  return children;
}
