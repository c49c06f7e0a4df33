import { mensajes } from '@nexo/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '../shared/api/httpClient';
import { queryClient } from '../shared/api/queryClient';
import { AlertsHost } from '../shared/ui/AlertsHost';
import { alertQueue } from '../shared/ui/alertQueue';
import { router } from './router';
import { ThemeModeProvider } from './ThemeModeProvider';

// A failed refresh drops the session; RequireAuth then sends the user to /login keeping the location.
onSessionExpired(() => {
  queryClient.clear();
  alertQueue.push({ message: mensajes.sesionExpirada, variant: 'error' });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <RouterProvider router={router} />
        <AlertsHost />
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
