/** notifications: the user's notifications (server module notifications); so far, their live refresh. */
export { useNotificationsLive } from './hooks/useNotificationsLive';
