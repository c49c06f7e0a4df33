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
