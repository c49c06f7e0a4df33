import { Box, useMediaQuery, useTheme } from '@mui/material';
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
 * place with the same layout, and the offer's buttons work from then on.
 */
export function FrameSkeleton() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const [offer] = useState(pushOfferPending);
  return (
    <FrameShell
      topBar={<TopBarShell />}
      menu={
        isDesktop ? (
          <Box
            sx={{
              width: DRAWER_WIDTH,
              flexShrink: 0,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
            }}
          />
        ) : null
      }
      notices={offer ? <PushBannerView /> : null}
    >
      <Box role="status" sx={visuallyHidden}>
        Cargando…
      </Box>
    </FrameShell>
  );
}
