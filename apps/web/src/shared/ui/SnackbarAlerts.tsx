import { tiempos } from '@nexo/contracts';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { alertQueue } from './alertQueue';

/** notistack, showing the queued alerts; each closes by itself after 5 s (spec 1 §8). */
export function SnackbarAlerts() {
  useEffect(() => {
    const show = () => {
      for (const alert of alertQueue.take())
        enqueueSnackbar(alert.message, {
          variant: alert.variant,
          autoHideDuration: tiempos.alertaAutoCierreMs,
        });
    };
    show();
    return alertQueue.subscribe(show);
  }, []);
  // At the top centre: alerts never cover a form's or a dialog's buttons (bottom).
  return <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />;
}
