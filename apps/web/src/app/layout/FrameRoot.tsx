import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { ServerStateProvider } from '../../shared/api/ServerStateProvider';
import { useSession } from '../../shared/api/session';
import { PageLoader } from '../../shared/ui/PageLoader';

/**
 * The authenticated frame (top bar, menus, live connection, notifications, support chat) loads
 * after login: the login page downloads none of it.
 */
const loadAppLayout = () => import('./AppLayout');
const LazyAppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

/**
 * Every page but the login ones: inside the authenticated layout when there is a session; bare
 * otherwise (the public ones render, the protected ones send to /login). One layout element for
 * the public and the private pages: going from the share link's page or the shop into the rest
 * keeps the frame and its live connection (no reconnect, no flicker).
 */
export function FrameRoot() {
  const { isAuthenticated } = useSession();
  return (
    <ServerStateProvider>
      {isAuthenticated ? (
        <Suspense fallback={<PageLoader />}>
          <LazyAppLayout />
        </Suspense>
      ) : (
        <main>
          <Outlet />
        </main>
      )}
    </ServerStateProvider>
  );
}
