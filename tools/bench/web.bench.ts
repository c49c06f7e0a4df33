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
 *  3. a device with 100 sensors, each publishing 10 values a second over MQTT (1,000 msg/s), open
 *     on a laptop-sized window without throttling for 15 s: the long tasks Chromium reports
 *     (PerformanceObserver 'longtask', the tasks a performance trace marks as long) and the
 *     longest one. Target: none over 50 ms.
 * Targets: login ≤ 250 KB of gzipped JS, dashboard ≤ 450 KB. The last line is a JSON object.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import mqtt from 'mqtt';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { startServerProcess } from '../../apps/server/src/test/server-process.js';
import { findChromium, MISSING_CHROMIUM } from '../../scripts/chromium.mjs';

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

/** A 1×1 transparent PNG, the tile a reachable tile server answers in phase 2. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const SENSORS = 100;
const HZ = 10;

/** Phase 3: 100 sensors at 10 Hz on one dashboard; the long tasks the page reports. */
async function manySensors(
  baseUrl: string,
  mqttPort: number,
  dataDir: string,
  session: { access_token: string },
  browser: Awaited<ReturnType<typeof chromium.launch>>,
) {
  // The demo licence allows fewer sensors: raise it for this run only.
  const db = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  await db
    .updateTable('subscription_tokens')
    .set({ cantidad_sensores: 10_000, cantidad_dispositivos: 100 })
    .execute();
  await db.destroy();
  /** A call to the API as the demo user: POST with a body, GET without. */
  const call = async <T>(url: string, body?: object): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { equipo } = await call<{ equipo: { id: number; apikey: string; secret?: string } }>(
    '/sv/api/equipo/grabar',
    {
      nombre: 'Cien sensores',
    },
  );
  for (let i = 0; i < SENSORS; i++) {
    await call('/sv/api/equipo/agregarSensorDesarrollador', {
      idEquipo: equipo.id,
      labelUsuario: `Sensor ${i + 1}`,
      calibracion: 0,
      nombreNexo: `s${i}`,
      tipoSensor: { id: 1 },
      tipoDato: { id: 1 },
      shadows: [
        {
          nombre: 'Termómetro',
          tipoWidget: { id: i % 2 === 0 ? 3 : 2 },
          valorMinReferencia: 0,
          valorMaxReferencia: 50,
        },
      ],
    });
  }
  const device = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    username: equipo.apikey,
    // The owner reads the secret in the device's detail when the creation answer leaves it out.
    password:
      equipo.secret ??
      (await call<{ equipo: { secret: string } }>(`/sv/api/equipo/${equipo.id}`)).equipo.secret,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    device.once('connect', () => resolve());
    device.once('error', reject);
  });

  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'es-AR' });
  await context.addInitScript(
    `localStorage.setItem('nexo.session', ${JSON.stringify(JSON.stringify(session))})`,
  );
  // Long tasks are collected from the first script on.
  await context.addInitScript(`window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/home/listaEquipo?id=${equipo.id}`, {
    waitUntil: 'networkidle',
    timeout: 120_000,
  });
  await page.waitForSelector('[data-testid="tarjeta-sensor"]');
  // Loading the page is not part of the measure: only the 15 s of live values.
  await page.evaluate('window.__longTasks = []');
  // BENCH_TRACE=1: a Chromium trace of the run, what the long tasks spent their time on.
  if (process.env.BENCH_TRACE)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  // BENCH_PROFILE=1: a CPU profile of the page during the run, its top functions by self time.
  const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  let delivered = 0;
  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    for (let i = 0; i < SENSORS; i++) {
      device.publish(`${equipo.apikey}/s${i}`, String(20 + ((tick + i) % 25) + Math.random()), { qos: 0 });
      delivered++;
    }
  }, 1000 / HZ);
  await new Promise((r) => setTimeout(r, 15_000));
  clearInterval(timer);
  const tasks = (await page.evaluate('window.__longTasks')) as number[];
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  // The widgets did follow: of the cards whose widget is drawn (a lazily loaded widget far below
  // the fold stays a placeholder), how many show a value of the run (20–45).
  const [showing, drawn] = (await page.evaluate(`(() => {
    const widgets = Array.from(document.querySelectorAll('[data-testid="tarjeta-sensor"] [data-testid^="widget-"]'));
    const live = widgets.filter((widget) => {
      const m = /([0-9]+)(,[0-9]+)?/.exec(widget.textContent ?? '');
      return m !== null && Number(m[1]) >= 20 && Number(m[1]) <= 45;
    });
    return [live.length, widgets.length];
  })()`)) as [number, number];
  if (process.env.BENCH_TRACE) printLongTaskBreakdown(await browser.stopTracing());
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  await context.close();
  await device.endAsync();
  return {
    count: tasks.length,
    maxMs: Math.round(Math.max(0, ...tasks)),
    delivered,
    showing,
    drawn,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { functionName?: string; url?: string; lineNumber?: number } };
}

function printLongTaskBreakdown(trace: Buffer) {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const long = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  for (const task of long.slice(0, 10)) {
    const inside = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.tid !== task.tid || e.pid !== task.pid || e === task) continue;
      if (e.ts < task.ts || e.ts >= task.ts + (task.dur ?? 0)) continue;
      const data = e.name === 'FunctionCall' ? e.args?.data : undefined;
      const name = data
        ? `${data.functionName || '(anónima)'}@${data.url?.split('/').pop()}:${data.lineNumber}`
        : e.name;
      inside.set(name, (inside.get(name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `  tarea de ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`,
    );
  }
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

function printProfile(profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const node = byNode.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anónima)'} ${url.split('/').pop()}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

async function main() {
  const chromiumPath = findChromium();
  if (chromiumPath === undefined) throw new Error(MISSING_CHROMIUM);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-web-'));
  const server = await startServerProcess(dataDir, {
    env: { NODE_ENV: 'production', DEMO: '1', ALTCHA_MAX_NUMBER: '2000', LOG_LEVEL: 'info' },
    timeoutMs: 120_000,
  });
  const baseUrl = `http://127.0.0.1:${server.httpPort}`;
  const browser = await chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
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
    // A phone with internet: the map tiles come (a blank tile per request, outside the JS count).
    // Offline, the map adds the shipped atlas (about 38 KB) to draw its base map.
    await dashContext.route(
      (url) => url.origin !== baseUrl && url.pathname.endsWith('.png'),
      (route) => route.fulfill({ contentType: 'image/png', body: BLANK_TILE }),
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
    // ---- 3. a device with 100 sensors at 10 Hz each ----
    const longTasks = await manySensors(baseUrl, server.mqttPort, dataDir, session, browser);
    console.log(
      `100 sensores a 10 Hz: ${longTasks.count} tareas largas en 15 s, la mayor de ${longTasks.maxMs} ms (${longTasks.delivered} valores publicados; ${longTasks.showing} de los ${longTasks.drawn} widgets dibujados muestran uno)`,
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
        long_tasks_100_sensors: longTasks.count,
        longest_task_ms: longTasks.maxMs,
        widgets_drawn: longTasks.drawn,
        widgets_showing_live_values: longTasks.showing,
        targets: { login_js_kb: 250, dashboard_js_kb: 450, longest_task_ms: 50 },
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
