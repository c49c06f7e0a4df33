import { tiempos } from '@nexo/contracts';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { errorMessage } from '../api/httpClient';

/** Success and error alerts; both close by themselves after 5 s (spec 1 §8). */
export function useAlerts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success(message: string) {
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: tiempos.alertaAutoCierreMs });
      },
      /** Accepts a text or whatever a call threw (ApiError → its server message). */
      error(messageOrError: unknown) {
        const message = typeof messageOrError === 'string' ? messageOrError : errorMessage(messageOrError);
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: tiempos.alertaAutoCierreMs });
      },
      info(message: string) {
        enqueueSnackbar(message, { variant: 'info', autoHideDuration: tiempos.alertaAutoCierreMs });
      },
    }),
    [enqueueSnackbar],
  );
}
