// First: restore a session of an earlier page load while the app loads (see bootSession.ts).
import './shared/api/bootSession';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startServiceWorker, unsubscribePushOnLogout } from './features/notifications';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
startServiceWorker();
unsubscribePushOnLogout();
// The first render is a transition: React draws it in 5 ms slices instead of one long task, and the
// page (the frame's skeleton from index.html, or nothing yet) stays responsive meanwhile.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
