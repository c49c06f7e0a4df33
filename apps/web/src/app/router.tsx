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
import { sessionStore } from '../shared/api/sessionStore';
import { FrameSkeleton } from './layout/FrameSkeleton';
import { LandingRedirect, RequireAdmin, RequireAuth } from './RequireAuth';

/** Administration (ROLE_ADMIN only, behind RequireAdmin). */
const adminArea: RouteObject[] = [...adminRoutes, ...shopAdminRoutes, ...supportAdminRoutes];

/**
 * The frame route's code: the query client (react-query) and the switch between the bare page
 * and the authenticated layout, for every page but the login ones. The login page downloads none
 * of it.
 */
const loadFrameRoot = () => import('./layout/FrameRoot');

/**
 * The one route the router waits for on a first load. With a session, the layout's code and the
 * live connection's handshake start beside the frame's code, and the layout draws as soon as they
 * are in. The pages are lazy components drawn inside the frame whose loaders start their code's
 * download at the same time (lazyPage), so the top bar and the menu paint while a page's code and
 * data are still on their way.
 */
async function loadFrame() {
  const withSession = Boolean(sessionStore.get());
  const [{ FrameRoot }] = await Promise.all([
    // The layout renders in the frame's first pass once preloaded (no suspense round).
    loadFrameRoot().then(async (frame) => {
      if (withSession) await frame.AppLayout.preload();
      return frame;
    }),
    // Its download starts now, beside the frame's, not once the frame's code has arrived.
    withSession ? import('./layout/AppLayout') : null,
    withSession
      ? import('../shared/realtime/stompClient').then((realtime) => realtime.realtimeConnection().start())
      : null,
  ]);
  return { Component: FrameRoot };
}
/**
 * While the frame's code loads: with a session, the frame's skeleton (its top bar and the push
 * offer, from the first script); without one, nothing (a public page or /login follows).
 */
function FrameFallback() {
  return sessionStore.get() ? <FrameSkeleton /> : null;
}

export const routes: RouteObject[] = [
  ...authRoutes,
  {
    // One layout element for the public and the private pages: going from the share link's page or
    // the shop into the rest keeps the frame and its live connection (no reconnect, no flicker).
    lazy: loadFrame,
    // While the frame's code loads. (A spinner here cost phones time; the skeleton draws once.)
    HydrateFallback: FrameFallback,
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
