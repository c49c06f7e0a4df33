/**
 * npm run bench:web: what a phone downloads and waits for (issues 11 §3 and 26).
 *
 * Starts the production build of the real server with its demo data (SQLite in a temp DATA_DIR,
 * the simulated device publishing over MQTT, map tiles from a blank-tile server of its own on
 * loopback), then, in Chromium with a throttled phone profile (CDP: 1.6 Mbps down, 750 kbps up,
 * 150 ms RTT, 4× CPU slowdown, 390 × 844):
 *  1. loads /login in a fresh browser: the bytes transferred (the encoded length in the network
 *     log, headers included) for its JS, CSS and in all, the gzip size computed from the JS and CSS
 *     bodies beside them, and its largest contentful paint;
 *  2. opens the demo device's dashboard in a fresh browser with a session: the same byte figures,
 *     the time from navigation until the first widget shows a value, and where that time goes (the
 *     API calls, SockJS's info request, the WebSocket handshake, STOMP CONNECTED, the first MESSAGE);
 *  3. a device with 100 sensors, each publishing 10 values a second over MQTT (1,000 msg/s), open
 *     on a laptop-sized window without throttling for 15 s: the long tasks Chromium reports
 *     (PerformanceObserver 'longtask', the tasks a performance trace marks as long) and the
 *     longest one. Target: none over 50 ms.
 *  4. Lighthouse 12.2.3 in mobile mode on /login and on the demo device's dashboard
 *     (tools/bench/web-lighthouse.ts), BENCH_LIGHTHOUSE_RUNS times each (3 unless set): the
 *     median run's figures, and every run's score beside them (one audit moves by up to 0.05).
 * Knobs: BENCH_LONG_TASKS=0 and BENCH_LIGHTHOUSE=0 skip phases 3 and 4; BENCH_PROFILE=1 prints the
 * dashboard's CPU profile until its first value (phase 2) and during the 100-sensor run (phase 3); BENCH_VERBOSE=1 lists the
 * largest scripts, the dashboard's request waterfall and Lighthouse's opportunities; BENCH_TRACE=1
 * lists the tasks over 30 ms while the dashboard loads (phase 2) and the long tasks of phase 3;
 * BENCH_TRACE_DIR=<folder> keeps phase 2's trace and CPU profile; BENCH_LIGHTHOUSE_REPORT=<folder>
 * keeps Lighthouse's reports and the traces it simulated from; BENCH_HTTP_COMPRESSION=false
 * runs the server with HTTP_COMPRESSION=false (the figures before issue 26).
 * Targets (issue 26): /login ≤ 150 KB of JS transferred, the dashboard ≤ 350 KB transferred and
 * ≤ 450 KB computed gzip, /login LCP ≤ 2.5 s, first live value ≤ 4 s, Lighthouse performance ≥ 0.9.
 * The last line is a JSON object; it carries the 1-minute load average at the start and the end.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sesionWeb } from '@nexo/contracts';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import mqtt from 'mqtt';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import {
  startServerProcess,
  stopServerProcess,
  stopServersOnSignals,
} from '../../apps/server/src/test/server-process.js';
import { findChromium, MISSING_CHROMIUM } from '../../scripts/chromium.mjs';
import { runLighthouseMedian } from './web-lighthouse.js';
import { recordNetwork } from './web-network.js';

// Killed (a timeout, Ctrl-C): the servers it started go with it.
stopServersOnSignals();

const PHONE = { width: 390, height: 844 };

/** Lighthouse audits per page (BENCH_LIGHTHOUSE_RUNS); the median run's figures are reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** What a BENCH_TRACE trace records: the timeline of tasks, with the functions they called. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

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
  return cdp;
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

type Session = Awaited<ReturnType<typeof login>>;

/** Where the web app notes a session (apps/web/src/shared/api/sessionStore.ts). */
const SESSION_STORAGE_KEY = 'nexo.session';

/** The note that this browser has a session, as the web app keeps it in localStorage (no token there). */
function sessionScript(session: Session): string {
  return `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify({ usuario: session.usuario }))})`;
}

/**
 * Gives a browser the demo user's web session as the app keeps it after logging in: the refresh
 * token in its HttpOnly cookie (scoped to the refresh path) and the note in localStorage. The page
 * restores its access token with a silent refresh, as a returning user's does. A refresh token
 * rotates on use: each browser gets a session of its own.
 */
async function giveSession(context: BrowserContext, session: Session) {
  await context.addCookies([sessionCookie(session)]);
  await context.addInitScript(sessionScript(session));
}

function sessionCookie(session: Session) {
  return {
    name: sesionWeb.cookie,
    value: session.refresh_token,
    domain: '127.0.0.1',
    path: sesionWeb.ruta,
    httpOnly: true,
    sameSite: 'Strict' as const,
  };
}

/** A 1×1 transparent PNG: the tile every tile request gets, as on a phone with internet. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A tile server on loopback (MAP_TILE_URL): maps draw their tiles without leaving the machine. */
async function startTileServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
    response.end(BLANK_TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() };
}

const SENSORS = 100;
const HZ = 10;

/** Phase 3: 100 sensors at 10 Hz on one dashboard; the long tasks the page reports. */
async function manySensors(
  baseUrl: string,
  mqttPort: number,
  dataDir: string,
  session: Session,
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
  await giveSession(context, await login(baseUrl));
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
      categories: TRACE_CATEGORIES,
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

/**
 * The phone's menu opened for the first time, once the page has been quiet for a while: from the
 * tap to the menu seen on screen, as Playwright sees it (its own round trips included, so an upper
 * bound). The page is still throttled like a phone.
 */
async function firstMenuOpen(page: Page): Promise<number> {
  await page.waitForTimeout(3_000);
  const button = page.getByRole('button', { name: 'Abrir menú' });
  await button.waitFor();
  const started = Date.now();
  await button.click();
  await page.getByRole('complementary', { name: 'Menú lateral' }).waitFor();
  return Date.now() - started;
}

/** BENCH_TRACE_DIR=<folder> keeps the dashboard's trace and CPU profile, for a closer look. */
function keepArtifact(name: string, data: string | Buffer) {
  const dir = process.env.BENCH_TRACE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), data);
}

/** The tasks longer than `overUs`, each with what it spent its time on and its offset from the first. */
function printLongTaskBreakdown(trace: Buffer, overUs = 50_000) {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const long = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overUs);
  const t0 = long[0]?.ts ?? 0;
  for (const task of long.slice(0, 20)) {
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
      `  tarea de ${((task.dur ?? 0) / 1000).toFixed(0)} ms a +${((task.ts - t0) / 1000).toFixed(0)} ms: ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`,
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

const loadAverage = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

async function main() {
  const chromiumPath = findChromium();
  if (chromiumPath === undefined) throw new Error(MISSING_CHROMIUM);
  const loadAtStart = loadAverage();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-web-'));
  const tiles = await startTileServer();
  const server = await startServerProcess(dataDir, {
    env: {
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: 'true',
      DEMO: '1',
      ALTCHA_MAX_NUMBER: '2000',
      LOG_LEVEL: 'info',
      MAP_TILE_URL: tiles.url,
      ...(process.env.BENCH_HTTP_COMPRESSION ? { HTTP_COMPRESSION: process.env.BENCH_HTTP_COMPRESSION } : {}),
    },
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
    const loginNetwork = recordNetwork(loginPage, await throttle(loginContext, loginPage));
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
    const loginBytes = await loginNetwork.bytes();
    await loginContext.close();
    console.log(
      `login: ${loginBytes.jsTransferredKb} KB de JS transferidos en ${loginBytes.jsFiles} archivos (${loginBytes.jsUncompressed} sin comprimir; gzip calculado ${loginBytes.jsGzipKb} KB), ${loginBytes.cssTransferredKb} KB de CSS, ${loginBytes.transferredKb} KB en total; LCP ${Math.round(lcp)} ms`,
    );

    // ---- 2. the demo device's dashboard, with a session ----
    const session = await login(baseUrl);
    const dashContext = await browser.newContext({ viewport: PHONE, locale: 'es-AR' });
    await giveSession(dashContext, session);
    const dashPage = await dashContext.newPage();
    const dashNetwork = recordNetwork(dashPage, await throttle(dashContext, dashPage));
    // BENCH_PROFILE=1: the page's CPU profile until the first value shows (what the main thread did).
    const dashCdp = process.env.BENCH_PROFILE ? await dashContext.newCDPSession(dashPage) : null;
    if (dashCdp) {
      await dashCdp.send('Profiler.enable');
      await dashCdp.send('Profiler.start');
    }
    if (process.env.BENCH_TRACE)
      await browser.startTracing(dashPage, {
        categories: TRACE_CATEGORIES,
      });
    const started = Date.now();
    await dashPage.goto(`${baseUrl}/home/listaEquipo?id=1`, { timeout: 120_000 });
    // The first widget that shows a digit: a value arrived. (Browser code; the page's CSP
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
    // When the page first showed anything (with a session, the frame's skeleton), from the
    // navigation's start: what the phone's user sees before the first value.
    const firstPaintMs = Math.round(
      await dashPage.evaluate(() => {
        type Timing = { getEntriesByName(name: string): Array<{ startTime: number }> };
        const timing = (globalThis as unknown as { performance: Timing }).performance;
        return timing.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      }),
    );
    if (dashCdp) {
      console.log('  perfil de CPU del tablero hasta el primer valor (tiempo propio):');
      const profile = (await dashCdp.send('Profiler.stop')).profile;
      keepArtifact('tablero.cpuprofile', JSON.stringify(profile));
      printProfile(profile);
    }
    await dashPage.waitForLoadState('networkidle');
    if (process.env.BENCH_TRACE) {
      console.log('  tareas de más de 30 ms al cargar el tablero:');
      const trace = await browser.stopTracing();
      keepArtifact('tablero.trace.json', trace);
      printLongTaskBreakdown(trace, 30_000);
    }
    const dashBytes = await dashNetwork.bytes();
    const timeline = dashNetwork.timeline();
    const menuOpenMs = await firstMenuOpen(dashPage);
    await dashContext.close();
    console.log(
      `tablero: ${dashBytes.jsTransferredKb} KB de JS transferidos en ${dashBytes.jsFiles} archivos (${dashBytes.jsUncompressed} sin comprimir; gzip calculado ${dashBytes.jsGzipKb} KB), ${dashBytes.cssTransferredKb} KB de CSS, ${dashBytes.transferredKb} KB en total; primera pintura a los ${firstPaintMs} ms, primer valor a los ${liveMs} ms`,
    );
    console.log(`  camino del primer valor (ms desde el pedido del documento): ${JSON.stringify(timeline)}`);
    console.log(`  menú del teléfono, primera apertura: ${menuOpenMs} ms del toque al menú visible`);

    // ---- 3. a device with 100 sensors at 10 Hz each ----
    const longTasks =
      process.env.BENCH_LONG_TASKS === '0'
        ? null
        : await manySensors(baseUrl, server.mqttPort, dataDir, session, browser);
    if (longTasks)
      console.log(
        `100 sensores a 10 Hz: ${longTasks.count} tareas largas en 15 s, la mayor de ${longTasks.maxMs} ms (${longTasks.delivered} valores publicados; ${longTasks.showing} de los ${longTasks.drawn} widgets dibujados muestran uno)`,
      );

    // ---- 4. Lighthouse, mobile ----
    const lighthouse =
      process.env.BENCH_LIGHTHOUSE === '0'
        ? null
        : {
            login: await runLighthouseMedian(
              `${baseUrl}/login`,
              { chromiumPath, name: 'login' },
              LIGHTHOUSE_RUNS,
            ),
            dashboard: await runLighthouseMedian(
              `${baseUrl}/home/listaEquipo?id=1`,
              {
                chromiumPath,
                name: 'tablero',
                // The session is stored on a page of the origin that is not the app (no service worker).
                prepare: async (page) => {
                  const session = await login(baseUrl);
                  await page.context().addCookies([sessionCookie(session)]);
                  await page.goto(`${baseUrl}/sv/health/live`);
                  await page.evaluate(sessionScript(session));
                },
              },
              LIGHTHOUSE_RUNS,
            ),
          };
    if (lighthouse)
      for (const [name, figures] of Object.entries(lighthouse))
        console.log(`Lighthouse ${name}: ${JSON.stringify(figures)}`);

    console.log(
      JSON.stringify({
        bench: 'web',
        profile: '1.6 Mbps / 150 ms RTT / CPU 4x, 390x844',
        login_js_transferred_kb: loginBytes.jsTransferredKb,
        login_js_kb: loginBytes.jsGzipKb,
        login_js_files: loginBytes.jsFiles,
        login_js_uncompressed_files: loginBytes.jsUncompressed,
        login_css_transferred_kb: loginBytes.cssTransferredKb,
        login_transferred_kb: loginBytes.transferredKb,
        dashboard_js_transferred_kb: dashBytes.jsTransferredKb,
        dashboard_js_kb: dashBytes.jsGzipKb,
        dashboard_js_files: dashBytes.jsFiles,
        dashboard_js_uncompressed_files: dashBytes.jsUncompressed,
        dashboard_css_transferred_kb: dashBytes.cssTransferredKb,
        dashboard_css_kb: dashBytes.cssGzipKb,
        dashboard_transferred_kb: dashBytes.transferredKb,
        login_lcp_ms: Math.round(lcp),
        dashboard_first_paint_ms: firstPaintMs,
        dashboard_live_ms: liveMs,
        dashboard_menu_open_ms: menuOpenMs,
        dashboard_stomp_connected_ms: timeline.stompConnectedMs,
        dashboard_first_message_ms: timeline.firstMessageMs,
        ...(longTasks
          ? {
              long_tasks_100_sensors: longTasks.count,
              longest_task_ms: longTasks.maxMs,
              widgets_drawn: longTasks.drawn,
              widgets_showing_live_values: longTasks.showing,
            }
          : {}),
        ...(lighthouse
          ? {
              lighthouse_runs: LIGHTHOUSE_RUNS,
              lighthouse_login_performance: lighthouse.login.performance,
              lighthouse_login_performance_runs: lighthouse.login.runs,
              lighthouse_login_lcp_ms: lighthouse.login.lcpMs,
              lighthouse_login_tbt_ms: lighthouse.login.tbtMs,
              lighthouse_login_seo: lighthouse.login.seo,
              lighthouse_login_accessibility: lighthouse.login.accessibility,
              lighthouse_dashboard_performance: lighthouse.dashboard.performance,
              lighthouse_dashboard_performance_runs: lighthouse.dashboard.runs,
              lighthouse_dashboard_lcp_ms: lighthouse.dashboard.lcpMs,
              lighthouse_dashboard_tbt_ms: lighthouse.dashboard.tbtMs,
              lighthouse_dashboard_accessibility: lighthouse.dashboard.accessibility,
            }
          : {}),
        load_average_1m: { start: loadAtStart, end: loadAverage() },
        targets: {
          login_js_transferred_kb: 150,
          dashboard_js_transferred_kb: 350,
          dashboard_js_kb: 450,
          login_lcp_ms: 2500,
          dashboard_live_ms: 4000,
          lighthouse_performance: 0.9,
          longest_task_ms: 50,
        },
      }),
    );
  } finally {
    await browser.close();
    await stopServerProcess(server);
    tiles.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
