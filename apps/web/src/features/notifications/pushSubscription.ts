import { sessionStore } from '../../shared/api/session';
import { pushApi } from './api/pushApi';

/** What the browser allows: the Notification permission, or 'unsupported' (no service worker or Push API). */
export type PushPermission = NotificationPermission | 'unsupported';

/**
 * The permission as last read or answered. In Chromium each read of `Notification.permission` is a
 * synchronous call to the browser process, several milliseconds while a page loads, and the frame's
 * skeleton, its push offer and the logout hook each want it: it is read once per page (per
 * `Notification` object, so a test's stub is read afresh) and kept current by `requestPushPermission`.
 * A change made in the browser's site settings shows after a reload.
 */
let permissionRead: { of: typeof Notification; permission: NotificationPermission } | null = null;

export function currentPushPermission(): PushPermission {
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (permissionRead?.of !== Notification)
    permissionRead = { of: Notification, permission: Notification.permission };
  return permissionRead.permission;
}

/** Asks the browser for the permission (from a click), and remembers its answer. */
export async function requestPushPermission(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  permissionRead = { of: Notification, permission };
  return permission;
}

/** Remembers that the user was asked (or said "Ahora no"), so the offer is shown once per browser. */
export const PUSH_ASKED_STORAGE_KEY = 'nexo.push.preguntado';

export function pushAlreadyAsked(): boolean {
  return localStorage.getItem(PUSH_ASKED_STORAGE_KEY) !== null;
}

export function markPushAsked(): void {
  localStorage.setItem(PUSH_ASKED_STORAGE_KEY, String(Date.now()));
}

/** Whether the frame offers to turn on push notifications: the browser can, and was never asked. */
export function pushOfferPending(): boolean {
  return currentPushPermission() === 'default' && !pushAlreadyAsked();
}

const workerReadyTimeoutMs = 10_000;

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(current: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!current || current.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((value, index) => value === expected[index]);
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('service worker not active')), workerReadyTimeoutMs),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Subscribes this browser with the server's VAPID key (re-subscribing if the server's key changed)
 * and saves the subscription for the logged-in user. Needs the permission granted.
 */
export async function subscribeAndSave(): Promise<void> {
  const registration = await activeRegistration();
  const { publicKey } = await pushApi.vapidPublicKey();
  const serverKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const { endpoint = '', keys = {} } = subscription.toJSON();
  await pushApi.saveSubscription({ key: keys.p256dh ?? '', auth: keys.auth ?? '', endpoint });
}

/**
 * When the session ends, this browser stops receiving that user's pushes: the subscription is
 * dropped here, and the server deletes it at the next 410 from the push service.
 */
export function unsubscribePushOnLogout(): void {
  if (currentPushPermission() === 'unsupported') return;
  let wasLoggedIn = sessionStore.get() !== null;
  sessionStore.subscribe(() => {
    const isLoggedIn = sessionStore.get() !== null;
    if (wasLoggedIn && !isLoggedIn) {
      void navigator.serviceWorker
        .getRegistration()
        .then((registration) => registration?.pushManager.getSubscription())
        .then((subscription) => subscription?.unsubscribe())
        .catch(() => undefined);
    }
    wasLoggedIn = isLoggedIn;
  });
}
