import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PageTitleProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** The heading every page starts with, with optional action buttons on the right. */
export function PageTitle({ title, subtitle, actions }: PageTitleProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && <Typography color="textSecondary">{subtitle}</Typography>}
      </Box>
      {actions}
    </Box>
  );
}
