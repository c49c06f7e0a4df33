import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** Stands in for vite-plugin-pwa's virtual module in unit tests (jsdom has no service worker). */
export function registerSW(_options?: RegisterSWOptions) {
  return async (_reloadPage?: boolean) => undefined;
}
