import { Box, CircularProgress } from '@mui/material';

/** A centred spinner while a page or its data loads. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label="Cargando" />
    </Box>
  );
}
