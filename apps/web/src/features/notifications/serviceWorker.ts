/**
 * The service worker's registration and the "new build waiting" state the update prompt shows.
 * Registration waits for the page's load event and imports workbox-window as its own small chunk,
 * so /login loads nothing more up front.
 */
type UpdateSW = (reloadPage?: boolean) => Promise<void>;

const updateCheckIntervalMs = 60 * 60 * 1000;

let updateAvailable = false;
let updateSW: UpdateSW | undefined;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean) {
  updateAvailable = value;
  for (const listener of listeners) listener();
}

export const appUpdate = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAvailable: () => updateAvailable,
  /** A new build is installed and waiting (registerSW's onNeedRefresh). */
  markAvailable() {
    setUpdateAvailable(true);
  },
  /** Activates the waiting build; the page reloads once the new worker controls it. */
  accept() {
    setUpdateAvailable(false);
    // Reloaded here rather than by registerSW, which skips the reload when the page had no worker
    // at load (a first visit that stays open until the next deploy).
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void updateSW?.(true);
  },
  dismiss() {
    setUpdateAvailable(false);
  },
};

async function register() {
  const { registerSW } = await import('virtual:pwa-register');
  updateSW = registerSW({
    onNeedRefresh: () => appUpdate.markAvailable(),
    onNeedReload: () => undefined,
    onOfflineReady: () => console.info('Nexo: la app quedó guardada y abre también sin conexión.'),
    onRegisteredSW(_url, registration) {
      // Browsers look for a new sw.js on navigation; a tab left open for days also checks hourly.
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, updateCheckIntervalMs);
    },
    onRegisterError: (error: unknown) => console.error('Nexo: no se pudo registrar el service worker', error),
  });
}

/** Registers /sw.js in production builds (the dev server serves no worker). */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
