import { createHash } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { SimulatorLog } from './simulator.js';

/** The firmware a simulated device says it runs. */
export interface SimulatedFirmware {
  titulo: string;
  version: string;
}

interface Notice {
  id: number;
  titulo: string;
  version: string;
  tamano: number;
  sha256: string;
  ruta: string;
  url: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The device side of firmware over the air (docs/ota.md), as a board would do it: it reports its
 * firmware on every connect, takes the retained notice on `{apikey}/ota/aviso`, downloads the image
 * with its own credentials (resuming with Range after a dropped connection), checks the SHA-256,
 * reports each state and "reboots" into the new version. An empty notice cancels.
 */
export function attachOta(
  client: MqttClient,
  device: { apikey: string; secret: string },
  firmware: SimulatedFirmware,
  options: { httpUrl: () => string | null; stepMs?: number; log?: SimulatorLog | undefined },
): { firmware(): SimulatedFirmware; reportVersion(): void } {
  const current = { ...firmware };
  const stepMs = options.stepMs ?? 400;
  const noticeTopic = `${device.apikey}/ota/aviso`;
  const report = (body: Record<string, unknown>) =>
    client.publish(`${device.apikey}/ota/estado`, JSON.stringify(body), { qos: 1 });
  const reportVersion = () => report({ titulo: current.titulo, version: current.version });
  let working: number | null = null;
  let abort: AbortController | null = null;

  async function download(notice: Notice, signal: AbortSignal): Promise<string> {
    const base = options.httpUrl();
    const url = notice.url ?? (base ? `${base}${notice.ruta}` : null);
    if (!url) throw new Error('sin dirección HTTP del servidor');
    const hash = createHash('sha256');
    let received = 0;
    let reported = -25;
    for (let attempt = 0; received < notice.tamano; attempt++) {
      if (attempt > 5) throw new Error('la descarga se cortó demasiadas veces');
      const headers: Record<string, string> = { 'x-api-secret': device.secret };
      // Resume where the last attempt stopped, only if the file is still the same (If-Range).
      if (received > 0)
        Object.assign(headers, { range: `bytes=${received}-`, 'if-range': `"${notice.sha256}"` });
      try {
        const res = await fetch(url, { headers, signal });
        if (res.status !== 200 && res.status !== 206) throw new Error(`HTTP ${res.status}`);
        if (res.status === 200 && received > 0) throw new Error('el servidor no reanudó la descarga');
        const reader = res.body?.getReader();
        if (!reader) throw new Error('respuesta sin cuerpo');
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          hash.update(value);
          received += value.length;
          const progreso = Math.floor((received * 100) / notice.tamano);
          if (progreso >= reported + 25 && progreso < 100) {
            reported = progreso - (progreso % 25);
            report({ id: notice.id, estado: 'DESCARGANDO', progreso: reported });
            await sleep(stepMs);
          }
        }
      } catch (error) {
        if (signal.aborted) throw error;
        options.log?.warn({ err: error, apikey: device.apikey }, 'simulador: descarga cortada, se reanuda');
        await sleep(500);
      }
    }
    return hash.digest('hex');
  }

  async function update(notice: Notice): Promise<void> {
    abort = new AbortController();
    report({ id: notice.id, estado: 'DESCARGANDO', progreso: 0 });
    await sleep(stepMs);
    let sha256: string;
    try {
      sha256 = await download(notice, abort.signal);
    } catch (error) {
      if (abort.signal.aborted) return;
      report({ id: notice.id, estado: 'FALLIDO', motivo: `Descarga fallida: ${String(error)}` });
      return;
    }
    report({ id: notice.id, estado: 'DESCARGADO', sha256 });
    await sleep(stepMs);
    if (sha256 !== notice.sha256) {
      report({ id: notice.id, estado: 'FALLIDO', motivo: 'La suma SHA-256 no coincide' });
      return;
    }
    report({ id: notice.id, estado: 'VERIFICADO', sha256 });
    await sleep(stepMs);
    report({ id: notice.id, estado: 'ACTUALIZANDO' });
    await sleep(stepMs * 2);
    // "Reboot": the new image runs, and the board says so as it connects again.
    current.titulo = notice.titulo;
    current.version = notice.version;
    options.log?.info({ apikey: device.apikey, version: current.version }, 'simulador: firmware actualizado');
    reportVersion();
  }

  client.on('connect', () => reportVersion());
  client.on('message', (topic, payload) => {
    if (topic !== noticeTopic) return;
    if (payload.length === 0) {
      abort?.abort();
      return;
    }
    let notice: Notice;
    try {
      notice = JSON.parse(payload.toString('utf8')) as Notice;
    } catch {
      return;
    }
    if (working === notice.id) return;
    if (notice.version === current.version) {
      reportVersion();
      return;
    }
    working = notice.id;
    void update(notice).finally(() => {
      working = null;
    });
  });
  return { firmware: () => ({ ...current }), reportVersion };
}
