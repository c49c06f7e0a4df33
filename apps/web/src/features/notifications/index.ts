// Notifications (web): the installable app's service worker and update prompt, and web push permission.
export { PushPermissionBanner } from './components/PushPermissionBanner';
export { UpdatePrompt } from './components/UpdatePrompt';
export { usePushSubscription } from './hooks/usePushSubscription';
export { unsubscribePushOnLogout } from './pushSubscription';
export { startServiceWorker } from './serviceWorker';
