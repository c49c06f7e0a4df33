// First: restore a session of an earlier page load while the app loads (see bootSession.ts).
import './shared/api/bootSession';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startServiceWorker, unsubscribePushOnLogout } from './features/notifications';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
startServiceWorker();
unsubscribePushOnLogout();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
