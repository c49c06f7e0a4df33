// notifications (web): the bell with its live unread count, the notification modal and click routing by origin.
// Public API: NotificationBell (top bar), useNotificationsLive (mounted once in the authenticated layout),
// notificationsKeys (['notificaciones'] holds the list).
export { notificationsKeys } from './api/notificationsQueries';
export { NotificationBell } from './components/NotificationBell';
export { useNotificationsLive } from './hooks/useNotificationsLive';
