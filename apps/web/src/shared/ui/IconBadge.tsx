import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** The tinted square that leads a card (device, view, action): an icon in the palette colour. */
export function IconBadge({
  color = 'primary',
  children,
}: {
  color?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Box
      sx={(t) => ({
        width: 44,
        height: 44,
        borderRadius: 2.5,
        display: 'grid',
        placeItems: 'center',
        color: `${color}.main`,
        bgcolor: alpha(t.palette[color].main, t.palette.mode === 'dark' ? 0.2 : 0.1),
        flexShrink: 0,
      })}
    >
      {children}
    </Box>
  );
}
