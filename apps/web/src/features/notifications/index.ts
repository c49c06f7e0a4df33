// notifications (web): the bell with its live unread count, the notification modal and click routing by
// origin; the installable app's service worker and update prompt, and web push permission.
export { notificationsKeys } from './api/notificationsQueries';
export { NotificationBell } from './components/NotificationBell';
export { PushBannerView } from './components/PushBannerView';
export { PushPermissionBanner } from './components/PushPermissionBanner';
export { UpdatePrompt } from './components/UpdatePrompt';
export { useNotificationsLive } from './hooks/useNotificationsLive';
export { usePushSubscription } from './hooks/usePushSubscription';
export { PUSH_ASKED_STORAGE_KEY, pushOfferPending, unsubscribePushOnLogout } from './pushSubscription';
export { startServiceWorker } from './serviceWorker';
