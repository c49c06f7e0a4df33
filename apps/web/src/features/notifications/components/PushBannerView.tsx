import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Alert, Button, Stack } from '@mui/material';
import { mensajes } from '@nexo/contracts';

interface PushBannerViewProps {
  /** 'Ahora no'. Without it (the frame's skeleton) both buttons wait, disabled. */
  onLater?: () => void;
  onActivate?: () => void;
  busy?: boolean;
}

/**
 * The offer to turn on push notifications, as drawn: PushPermissionBanner gives it its actions,
 * and the frame's skeleton draws it as it will look while the frame's code loads. It sits in the
 * page's flow above the content (not floating), so it never covers a dialog's buttons, a pager or
 * the support bubble.
 */
export function PushBannerView({ onLater, onActivate, busy = false }: PushBannerViewProps) {
  const waiting = busy || !onLater || !onActivate;
  return (
    <Alert
      severity="info"
      icon={<NotificationsActiveRoundedIcon fontSize="small" />}
      role="region"
      aria-label={mensajes.activarNotificaciones}
      sx={{
        mb: 2,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 180px' },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } },
      }}
      action={
        <Stack direction="row" spacing={0.5}>
          <Button
            color="inherit"
            size="small"
            onClick={onLater}
            disabled={waiting}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {mensajes.ahoraNo}
          </Button>
          <Button
            variant="contained"
            size="small"
            onClick={onActivate}
            disabled={waiting}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {mensajes.activarNotificaciones}
          </Button>
        </Stack>
      }
    >
      {mensajes.activarNotificacionesTexto}
    </Alert>
  );
}
