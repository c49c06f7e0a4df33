import { Box } from '@mui/material';
import { useState } from 'react';
import { PushBannerView, pushOfferPending } from '../../features/notifications';
import { visuallyHidden } from '../../shared/ui/visuallyHidden';
import { DRAWER_WIDTH, FrameShell } from './FrameShell';
import { TopBarShell } from './TopBarShell';

/**
 * The frame as it will look, drawn from the first script while the frame's own code is still
 * on its way (the router's fallback for a session, router.tsx): the top bar with the brand, the
 * side menu's place on a wide screen, and the push notifications' offer where the frame puts it.
 * On a slow phone this shows over a second earlier than the frame could; the frame then takes its
 * place with the same layout, and the offer's buttons work from then on. `withOffer` sets whether the
 * offer shows (by default, whether this browser was never asked).
 *
 * The build also prerenders it into index.html (app/prerenderSkeletons.tsx), so that it paints from the
 * HTML before any script has arrived; this component then takes over from that copy.
 */
export function FrameSkeleton({ withOffer }: { withOffer?: boolean }) {
  const [offer] = useState(() => withOffer ?? pushOfferPending());
  return (
    <FrameShell
      topBar={<TopBarShell />}
      menu={
        // The permanent drawer's place on a wide screen (AppLayout shows it from `md` up).
        <Box
          sx={{
            display: { xs: 'none', md: 'block' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
          }}
        />
      }
      // Marked for index.html's copy, where the boot script hides it once the offer was answered.
      notices={
        offer ? (
          <div data-push-offer="">
            <PushBannerView />
          </div>
        ) : null
      }
    >
      {/* The page's heading while it loads: told to screen readers, and the page has its h1. */}
      <Box role="status">
        <Box component="h1" sx={visuallyHidden}>
          Cargando…
        </Box>
      </Box>
    </FrameShell>
  );
}
