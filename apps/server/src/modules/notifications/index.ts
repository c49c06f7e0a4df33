// notifications: owns notifications, notification_deliveries and notification_cooldowns; publishes `notificacion` on /topic/user{id}.
// Public API: registerNotificationsModule (routes traerPU / marcarLeidas, delivery worker, mail and Telegram channels) → Notifier.notify,
// and the DeliveryChannel interface other channels (web push) implement.
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
