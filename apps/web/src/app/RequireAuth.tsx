import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
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

/**
 * The /admin/* screens: only ROLE_ADMIN gets in; anyone else lands on their devices (the server
 * refuses the admin calls anyway). Used as a layout route, so every admin screen is covered.
 */
export function RequireAdmin() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <Navigate to="/home/misEquipos" replace />;
  return <Outlet />;
}
