import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import { Alert, Button, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Three card placeholders while a card list loads (3 per row on large screens). */
export function CardGridSkeleton({ height = 130 }: { height?: number }) {
  return (
    <Grid container spacing={2}>
      {[0, 1, 2].map((k) => (
        <Grid key={k} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={height} />
        </Grid>
      ))}
    </Grid>
  );
}

/** The subscription's refusal (spec texts) with a way to the shop. */
export function SubscriptionNotice({ text }: { text: string }) {
  return (
    <Alert
      severity="info"
      icon={<StorefrontRoundedIcon />}
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to="/tienda/suscripcion" color="inherit" size="small">
          {mensajes.irATienda}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** An empty list: a large muted icon and the spec's text. */
export function EmptyState({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Stack
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        py: 8,
        color: 'text.secondary',
        '& > svg': { fontSize: 56, color: 'text.disabled', mb: 1 },
      }}
    >
      {icon}
      <Typography>{text}</Typography>
    </Stack>
  );
}
