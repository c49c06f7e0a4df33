import { Drawer, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { memo, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FavoritesBar } from '../../features/automation';
import { useDeviceLive } from '../../features/devices';
import { useGroupsLive } from '../../features/groups';
import { useLicenceLive } from '../../features/licensing';
import { PushPermissionBanner, UpdatePrompt, useNotificationsLive } from '../../features/notifications';
import { SupportChatHost, useSupportLive } from '../../features/support';
import { useRealtimeConnection } from '../../shared/realtime/useRealtime';
import { PageLoader } from '../../shared/ui/PageLoader';
import { DRAWER_WIDTH, FrameShell } from './FrameShell';
import { SideMenu, sectionOf } from './SideMenu';
import { SupportBubble } from './SupportBubble';
import { TopBar } from './TopBar';
import { useSessionUserSync } from './useSessionUserSync';

/**
 * The tab's session refresh and live channels: hooks only, in a component of their own. Their
 * queries and the session store update several times while a page loads; here those updates do
 * not draw the frame again (each would be an urgent render of the top bar and the menus).
 */
function LiveChannels() {
  useSessionUserSync();
  // One STOMP connection for the tab; each feature subscribes to the events it shows.
  useRealtimeConnection();
  useDeviceLive();
  useLicenceLive();
  useNotificationsLive();
  useGroupsLive();
  useSupportLive();
  return null;
}

const FrameTopBar = memo(TopBar);
const FrameSideMenu = memo(SideMenu);

/** The authenticated frame: top bar, the area's side menu, and the page. */
export function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const section = sectionOf(location.pathname);

  const openMobile = useCallback(() => setMobileOpen(true), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const menu = <FrameSideMenu section={section} onNavigate={closeMobile} />;
  // The live channels start in a render of their own, after the frame's first commit: their
  // queries' requests and subscriptions made that commit one of the load's longest tasks
  // (docs/performance.md, issue 26, session 12).
  const [channelsOn, setChannelsOn] = useState(false);
  useEffect(() => startTransition(() => setChannelsOn(true)), []);

  return (
    <>
      {channelsOn && <LiveChannels />}
      <FrameShell
        topBar={<FrameTopBar onOpenMenu={openMobile} />}
        menu={
          isDesktop ? (
            <Drawer
              variant="permanent"
              sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
            >
              <Toolbar />
              {menu}
            </Drawer>
          ) : (
            // Temporary drawer: starts closed on phones and closes on any click outside it. It is drawn
            // when first opened, not ahead: drawn hidden while the page loaded, it was the load's
            // longest task (its first styles), and it saved the first tap only about 70 ms
            // (docs/performance.md, issue 26, session 10).
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={closeMobile}
              sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
            >
              <Toolbar />
              {menu}
            </Drawer>
          )
        }
        notices={
          <>
            <PushPermissionBanner />
            <FavoritesBar />
          </>
        }
        floating={
          <>
            <SupportBubble />
            <SupportChatHost />
            <UpdatePrompt />
          </>
        }
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </FrameShell>
    </>
  );
}
