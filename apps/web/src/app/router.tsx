import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin';
import { authRoutes } from '../features/auth';
import { automationRoutes } from '../features/automation';
import { deviceRoutes, publicDeviceRoutes } from '../features/devices';
import { firmwareRoutes } from '../features/firmware';
import { groupRoutes } from '../features/groups';
import { historyRoutes } from '../features/history';
import { publicShopRoutes, shopAdminRoutes, shopRoutes } from '../features/shop';
import { supportAdminRoutes, supportRoutes } from '../features/support';
import { userRoutes } from '../features/users';
import { viewRoutes } from '../features/views';
import { useSession } from '../shared/api/session';
import { sessionStore } from '../shared/api/sessionStore';
import { PageLoader } from '../shared/ui/PageLoader';
import { LandingRedirect, RequireAdmin, RequireAuth } from './RequireAuth';

/** Administration (ROLE_ADMIN only, behind RequireAdmin). */
const adminArea: RouteObject[] = [...adminRoutes, ...shopAdminRoutes, ...supportAdminRoutes];

/**
 * The authenticated frame (top bar, menus, live connection, notifications, support chat) loads
 * after login: the login page downloads none of it.
 */
const loadAppLayout = () => import('./layout/AppLayout');
const LazyAppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

/**
 * With a session, the frame's code and the live connection start with the page's own chunk
 * instead of after it: the router resolves every matched route's `lazy` at once, so the layout,
 * the page and the STOMP handshake overlap (the first live value waits for none in turn).
 */
async function loadFrameEarly() {
  if (!sessionStore.get()) return {};
  const [, realtime] = await Promise.all([loadAppLayout(), import('../shared/realtime/stompClient')]);
  realtime.realtimeConnection().start();
  return {};
}
function NothingYet() {
  return null;
}

function AppLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyAppLayout />
    </Suspense>
  );
}

/**
 * Every page but the login ones: inside the authenticated layout when there is a session; bare
 * otherwise (the public ones render, the protected ones send to /login).
 */
function LayoutWhenAuthenticated() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? (
    <AppLayout />
  ) : (
    <main>
      <Outlet />
    </main>
  );
}

export const routes: RouteObject[] = [
  ...authRoutes,
  {
    // One layout element for the public and the private pages: going from the share link's page or
    // the shop into the rest keeps the frame and its live connection (no reconnect, no flicker).
    element: <LayoutWhenAuthenticated />,
    lazy: loadFrameEarly,
    // While the first page's lazy chunks load the router draws nothing, as before; naming that
    // fallback keeps React Router from warning on every load. (A spinner here cost phones time.)
    HydrateFallback: NothingYet,
    children: [
      ...publicDeviceRoutes,
      ...publicShopRoutes,
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <LandingRedirect /> },
          ...deviceRoutes,
          ...historyRoutes,
          ...userRoutes,
          ...groupRoutes,
          ...supportRoutes,
          ...viewRoutes,
          ...automationRoutes,
          ...firmwareRoutes,
          ...shopRoutes,
          { element: <RequireAdmin />, children: adminArea },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/home/misEquipos" replace /> },
];

export const router = createBrowserRouter(routes);
