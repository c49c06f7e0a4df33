import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { LoginRedirectState } from '../features/auth';
import { landingPathFor, useSession } from '../shared/api/session';

/** Protected routes: without a stored session go to /login, remembering where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** `/` sends each user to their landing page (admins to /admin/equipos). */
export function LandingRedirect() {
  const { usuario } = useSession();
  return <Navigate to={landingPathFor(usuario)} replace />;
}
