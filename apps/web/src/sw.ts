/// <reference lib="webworker" />
import type { PushPayload } from '@nexo/contracts';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/**
 * Nexo's service worker (vite-plugin-pwa injectManifest):
 * - precaches the app shell of this build, so the app opens offline;
 * - caches hashed assets of lazy pages and map tiles at runtime (tiles are never precached);
 * - shows web push notifications and opens their page on click;
 * - waits with a new build until the user accepts the update prompt (SKIP_WAITING).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const logPrefix = `[sw ${__NEXO_BUILD__}]`;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Every page of the SPA is index.html; the API (/sv) and files with an extension are not pages.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (!self.navigator.onLine) console.info(`${logPrefix} sin conexión: la app se abre desde la caché`);
      return shell(options);
    },
    { denylist: [/^\/sv(\/|$)/, /^\/mqtt/, /\/[^/?]+\.[^/?]+$/] },
  ),
);

// Hashed files never change: the first copy is good forever. Covers the lazy pages left out of the precache.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' || request.destination === 'style'),
  new CacheFirst({
    cacheName: 'nexo-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true }),
    ],
  }),
);

// Map tiles (TILE_URL, {z}/{x}/{y}): cached as they are shown, so a map seen once still draws offline.
// Leaflet loads them without CORS, so they are opaque (status 0) and count large against the quota:
// the cache is kept small and dropped first when storage runs short.
const tilePath = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/;
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    tilePath.test(url.pathname) &&
    (url.protocol === 'https:' || url.origin === self.location.origin),
  new CacheFirst({
    cacheName: 'nexo-map-tiles',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', () => {
  console.info(`${logPrefix} activo`);
});

function readPayload(event: PushEvent): PushPayload | undefined {
  try {
    return event.data?.json() as PushPayload | undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const titulo = payload?.titulo ?? 'Nexo';
  event.waitUntil(
    self.registration.showNotification(titulo, {
      body: payload?.cuerpo ?? event.data?.text() ?? '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'es',
      data: { url: payload?.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open Nexo tab is reused (same origin); otherwise a new window opens on the notification's page.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open && target.origin === self.location.origin) {
        await open.focus();
        await open.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
