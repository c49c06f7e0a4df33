// notifications: owns notifications, notification_deliveries, notification_cooldowns and push_subscriptions;
// publishes `notificacion` on /topic/user{id}. Public API: registerNotificationsModule (routes traerPU /
// marcarLeidas, delivery worker, mail and Telegram channels) → Notifier.notify; the DeliveryChannel
// interface; web push: createPushChannel, createPushSubscriptions and registerPushRoutes.
export type {
  DeliveryChannel,
  DeliveryChannelKind,
  DeliveryResult,
  OutgoingNotification,
} from './notifications.channel.js';
export type { ContactLookup } from './notifications.contact.js';
export {
  type NotificationsModuleDeps,
  type Notifier,
  registerNotificationsModule,
} from './notifications.module.js';
export type { NotifyInput } from './notifications.service.js';
export { createPushChannel, type PushChannelDeps } from './push.channel.js';
export { registerPushRoutes } from './push.routes.js';
export { createPushSubscriptions, type PushSubscriptions } from './push-subscriptions.service.js';
