import { Box, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';

export const DRAWER_WIDTH = 264;

interface FrameShellProps {
  topBar: ReactNode;
  /** The side menu: a drawer, or on a wide screen while it loads, the place it takes. */
  menu: ReactNode;
  /** Above the page, in its column (the push notifications' offer, the favourites bar). */
  notices?: ReactNode;
  children?: ReactNode;
  /** After the page: floating parts (the support bubble and chat, the update prompt). */
  floating?: ReactNode;
}

/**
 * Where the authenticated frame puts its parts: the fixed top bar, the side menu, and the page's
 * column under the bar. The frame (AppLayout) and its skeleton (FrameSkeleton, drawn while the
 * frame's code loads) share it, so the notices and the page sit in the same place in both.
 */
export function FrameShell({ topBar, menu, notices, children, floating }: FrameShellProps) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {topBar}
      {menu}
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, pb: 10 }}>
        <Toolbar />
        <Box sx={{ pt: { xs: 2, md: 3 } }}>
          {notices}
          {children}
        </Box>
      </Box>
      {floating}
    </Box>
  );
}
