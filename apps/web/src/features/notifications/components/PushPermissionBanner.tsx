import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Button, Snackbar, SnackbarContent, Stack } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { usePushSubscription } from '../hooks/usePushSubscription';

/** Remembers that the user was asked (or said "Ahora no"), so the banner is shown once per browser. */
export const PUSH_ASKED_STORAGE_KEY = 'nexo.push.preguntado';

/**
 * After login, while the browser has never been asked, offers 'Activar notificaciones'. The permission
 * request runs from that click; a refusal shows 'Necesitamos el permiso para poder enviarte notificaciones!'.
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

  return (
    <Snackbar
      open={permission === 'default' && !asked}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <SnackbarContent
        role="dialog"
        aria-label={mensajes.activarNotificaciones}
        message={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <NotificationsActiveRoundedIcon fontSize="small" />
            <span>{mensajes.activarNotificacionesTexto}</span>
          </Stack>
        }
        action={
          <>
            <Button color="inherit" size="small" onClick={close} disabled={busy}>
              {mensajes.ahoraNo}
            </Button>
            <Button variant="contained" size="small" onClick={() => void activate()} disabled={busy}>
              {mensajes.activarNotificaciones}
            </Button>
          </>
        }
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          maxWidth: 600,
          '& .MuiSnackbarContent-action': { flexShrink: 0, gap: 0.5 },
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      />
    </Snackbar>
  );
}
