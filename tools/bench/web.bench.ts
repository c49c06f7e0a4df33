/**
 * npm run bench:web: what a phone downloads and waits for (issue 11 §3).
 *
 * Starts the production build of the real server with its demo data (SQLite in a temp DATA_DIR,
 * the simulated device publishing over MQTT), then, in Chromium with a throttled phone profile
 * (CDP: 1.6 Mbps down, 750 kbps up, 150 ms RTT, 4× CPU slowdown, 390 × 844):
 *  1. loads /login in a fresh browser: the JS and CSS it fetches (gzip-compressed sizes, level 6,
 *     computed from the bodies, as a server or CDN would send them) and its largest contentful paint;
 *  2. opens the demo device's dashboard in a fresh browser with a session: the JS it fetches and the
 *     time from navigation until the first widget shows a live value.
 * Targets: login ≤ 250 KB of gzipped JS, dashboard ≤ 450 KB. The last line is a JSON object.
 * Not measured yet: the long-task trace of a device with 100 sensors at 10 Hz each.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';

const PHONE = { width: 390, height: 844 };

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Gzipped KB of the scripts and stylesheets the page fetched. */
function assetsOf(page: Page) {
  const sizes = { js: 0, css: 0, files: 0 };
  const files: { name: string; kb: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gz = gzipSync(body, { level: 6 }).length;
          if (type === 'script') sizes.js += gz;
          else sizes.css += gz;
          sizes.files++;
          files.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', kb: gz / 1024 });
        })
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    // BENCH_VERBOSE=1 lists the largest files, to see what a route pulls in.
    if (process.env.BENCH_VERBOSE)
      for (const f of files.sort((a, b) => b.kb - a.kb).slice(0, 15))
        console.log(`  ${f.kb.toFixed(1)} KB ${f.name}`);
    return { jsKb: Math.round(sizes.js / 1024), cssKb: Math.round(sizes.css / 1024), files: sizes.files };
  };
}

async function login(baseUrl: string) {
  const challenge = (await (await fetch(`${baseUrl}/sv/api/captcha`)).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber?: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const captcha = Buffer.from(JSON.stringify({ ...challenge, number: solution?.number, took: 0 })).toString(
    'base64',
  );
  const res = await fetch(`${baseUrl}/sv/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo12345', captcha }),
  });
  const body = (await res.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    usuario: unknown;
  };
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    expiresAt: Date.now() + body.expires_in * 1000,
    usuario: body.usuario,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-web-'));
  const server = await startServerProcess(dataDir, {
    env: { NODE_ENV: 'production', DEMO: '1', ALTCHA_MAX_NUMBER: '2000', LOG_LEVEL: 'info' },
    timeoutMs: 120_000,
  });
  const baseUrl = `http://127.0.0.1:${server.httpPort}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // ---- 1. the login page ----
    const loginContext = await browser.newContext({ viewport: PHONE, locale: 'es-AR' });
    const loginPage = await loginContext.newPage();
    await throttle(loginContext, loginPage);
    const loginAssets = assetsOf(loginPage);
    await loginPage.goto(`${baseUrl}/login`, { waitUntil: 'networkidle', timeout: 120_000 });
    // In the page: the last largest-contentful-paint entry (browser code, passed as text).
    const lcp = Number(
      await loginPage.evaluate(`new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.length ? entries[entries.length - 1].startTime : 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 3000);
      })`),
    );
    const loginFigures = await loginAssets();
    await loginContext.close();
    console.log(
      `login: ${loginFigures.jsKb} KB de JS y ${loginFigures.cssKb} KB de CSS (gzip, ${loginFigures.files} archivos), LCP ${Math.round(lcp)} ms`,
    );

    // ---- 2. the demo device's dashboard, with a session ----
    const session = await login(baseUrl);
    const dashContext = await browser.newContext({ viewport: PHONE, locale: 'es-AR' });
    await dashContext.addInitScript(
      `localStorage.setItem('nexo.session', ${JSON.stringify(JSON.stringify(session))})`,
    );
    const dashPage = await dashContext.newPage();
    await throttle(dashContext, dashPage);
    const dashAssets = assetsOf(dashPage);
    const started = Date.now();
    await dashPage.goto(`${baseUrl}/home/listaEquipo?id=1`, { timeout: 120_000 });
    // The first widget that shows a digit: a live value arrived. (Browser code; the page's CSP
    // forbids evaluating text, so it is a function typed against the little of the DOM it uses.)
    await dashPage.waitForFunction(
      () => {
        type Node = { textContent: string | null; querySelector(selector: string): Node | null };
        const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Node> } })
          .document;
        return Array.from(doc.querySelectorAll('[data-testid="tarjeta-sensor"]')).some((card) =>
          /\d/.test(card.querySelector('[data-testid^="widget-"]')?.textContent ?? ''),
        );
      },
      undefined,
      { timeout: 120_000 },
    );
    const liveMs = Date.now() - started;
    await dashPage.waitForLoadState('networkidle');
    const dashFigures = await dashAssets();
    await dashContext.close();
    console.log(
      `tablero: ${dashFigures.jsKb} KB de JS y ${dashFigures.cssKb} KB de CSS (gzip, ${dashFigures.files} archivos), primer valor en vivo a los ${liveMs} ms`,
    );
    console.log(
      JSON.stringify({
        bench: 'web',
        profile: '1.6 Mbps / 150 ms RTT / CPU 4x, 390x844',
        login_js_kb: loginFigures.jsKb,
        login_css_kb: loginFigures.cssKb,
        dashboard_js_kb: dashFigures.jsKb,
        dashboard_css_kb: dashFigures.cssKb,
        login_lcp_ms: Math.round(lcp),
        dashboard_live_ms: liveMs,
        targets: { login_js_kb: 250, dashboard_js_kb: 450 },
      }),
    );
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
