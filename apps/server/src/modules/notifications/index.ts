// Notifications: delivery channels; web push owns push_subscriptions (grabarPushSuscripcion, the VAPID key route).
// Public API: the DeliveryChannel contract, createPushChannel, createPushSubscriptions and registerPushRoutes.
export type { DeliveryChannel, DeliveryResult, OutgoingNotification } from './notifications.channel.js';
export { createPushChannel, type PushChannelDeps } from './push.channel.js';
export { registerPushRoutes } from './push.routes.js';
export { createPushSubscriptions, type PushSubscriptions } from './push-subscriptions.service.js';
