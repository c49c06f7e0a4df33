import { vi } from 'vitest';

/**
 * A browser with the Push API whose notification permission is `permission` and answers `answer`
 * when asked; returns the request's mock. `unstubPushBrowser` puts the test browser back.
 */
export function stubPushBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  return requestPermission;
}

export function unstubPushBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
