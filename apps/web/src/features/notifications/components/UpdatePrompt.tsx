import SystemUpdateAltRoundedIcon from '@mui/icons-material/SystemUpdateAltRounded';
import { Button, Snackbar, SnackbarContent, Stack } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useAppUpdate } from '../hooks/useAppUpdate';

/** 'Hay una actualización de la app. ¿Deseas cargarla?' while a new build waits; accepting reloads into it. */
export function UpdatePrompt() {
  const { isAvailable, accept, dismiss } = useAppUpdate();
  return (
    <Snackbar
      open={isAvailable}
      // Top, under the app bar: the bottom belongs to alerts, the push banner and the support bubble.
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <SnackbarContent
        role="alertdialog"
        aria-live="polite"
        message={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <SystemUpdateAltRoundedIcon fontSize="small" />
            <span>{mensajes.actualizacionApp}</span>
          </Stack>
        }
        action={
          <>
            <Button color="inherit" size="small" onClick={dismiss}>
              {mensajes.masTarde}
            </Button>
            <Button variant="contained" color="primary" size="small" onClick={accept}>
              {mensajes.cargarActualizacion}
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
