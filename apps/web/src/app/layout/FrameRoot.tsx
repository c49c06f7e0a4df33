import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ServerStateProvider } from '../../shared/api/ServerStateProvider';
import { useSession } from '../../shared/api/session';
import { lazyComponent } from '../../shared/ui/lazyComponent';
import { PageLoader } from '../../shared/ui/PageLoader';

/**
 * The authenticated frame (top bar, menus, live connection, notifications, support chat) loads
 * after login: the login page downloads none of it. With a session the router preloads it beside
 * this route (router.tsx), so it renders at once, before the page's own code has arrived.
 */
export const AppLayout = lazyComponent(async () => (await import('./AppLayout')).AppLayout);

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
          <AppLayout />
        </Suspense>
      ) : (
        <main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      )}
    </ServerStateProvider>
  );
}
