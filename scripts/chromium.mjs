// Which Chromium the browser tests use: CHROMIUM_PATH when set, Playwright's own Chromium when it
// was installed (`npx playwright install chromium`), otherwise the distribution's (/usr/bin/chromium).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

/** The executable to launch, `null` for Playwright's own, or `undefined` when there is none. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return null;
  } catch {
    // Playwright's browsers are not installed.
  }
  return SYSTEM_PATHS.find((p) => existsSync(p));
}

export const MISSING_CHROMIUM =
  'Falta Chromium para las pruebas de navegador: instalalo con `npx playwright install chromium` o con el paquete de tu distribución (por ejemplo `sudo apt install chromium`).';
