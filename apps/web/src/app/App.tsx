import { mensajes, tiempos } from '@nexo/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '../shared/api/httpClient';
import { queryClient } from './queryClient';
import { router } from './router';
import { ThemeModeProvider } from './ThemeModeProvider';

// A failed refresh drops the session; RequireAuth then sends the user to /login keeping the location.
onSessionExpired(() => {
  queryClient.clear();
  enqueueSnackbar(mensajes.sesionExpirada, {
    variant: 'error',
    autoHideDuration: tiempos.alertaAutoCierreMs,
  });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        {/* Alerts at the top centre: they never cover a form's or a dialog's buttons (bottom). */}
        <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
