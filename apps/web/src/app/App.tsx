import { mensajes } from '@nexo/contracts';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '../shared/api/httpClient';
import { clearServerState } from '../shared/api/serverState';
import { AlertsHost } from '../shared/ui/AlertsHost';
import { alertQueue } from '../shared/ui/alertQueue';
import { router } from './router';
import { ThemeModeProvider } from './ThemeModeProvider';

// A failed refresh drops the session; RequireAuth then sends the user to /login keeping the location.
onSessionExpired(() => {
  clearServerState();
  alertQueue.push({ message: mensajes.sesionExpirada, variant: 'error' });
});

/** The query client is not here: it loads with the pages that use it (router.tsx, ServerStateProvider). */
export function App() {
  return (
    <ThemeModeProvider>
      <RouterProvider router={router} />
      <AlertsHost />
    </ThemeModeProvider>
  );
}
