import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Alert, Button, Stack } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { usePushSubscription } from '../hooks/usePushSubscription';

/** Remembers that the user was asked (or said "Ahora no"), so the banner is shown once per browser. */
export const PUSH_ASKED_STORAGE_KEY = 'nexo.push.preguntado';

/**
 * After login, while the browser has never been asked, offers 'Activar notificaciones'. The permission
 * request runs from that click; a refusal shows 'Necesitamos el permiso para poder enviarte notificaciones!'.
 * It sits in the page's flow above the content (not floating), so it never covers a dialog's
 * buttons, a pager or the support bubble.
 */
export function PushPermissionBanner() {
  const { permission, enable } = usePushSubscription();
  const alerts = useAlerts();
  const [asked, setAsked] = useState(() => localStorage.getItem(PUSH_ASKED_STORAGE_KEY) !== null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    localStorage.setItem(PUSH_ASKED_STORAGE_KEY, String(Date.now()));
    setAsked(true);
  };
  const activate = async () => {
    setBusy(true);
    const result = await enable();
    setBusy(false);
    close();
    if (result === 'granted') alerts.success(mensajes.notificacionesActivadas);
    else if (result === 'denied') alerts.error(mensajes.permisoNotificaciones);
    else if (result === 'error') alerts.error(mensajes.notificacionesNoDisponibles);
  };

  if (permission !== 'default' || asked) return null;
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
          <Button color="inherit" size="small" onClick={close} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
            {mensajes.ahoraNo}
          </Button>
          <Button
            variant="contained"
            size="small"
            onClick={() => void activate()}
            disabled={busy}
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
