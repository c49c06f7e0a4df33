import {
  type GraficoAnswer,
  type HistorialAnswer,
  type HistorialWidgetAnswer,
  mensajes,
  type OrdenHistorial,
  type PuntoGrafico,
  type PuntoRuta,
  parseFechaHistorial,
  type RutaAnswer,
  readCoordinates,
  rolesEquipo,
  type Sensor,
  tiposSensor,
  tiposWidget,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { BatchWrite } from '../../platform/db/batch-write.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { CSV_BOM, CSV_HEADER, createCsvDateFormatter, csvField, csvNumber } from './history.csv.js';
import { DAY_MS, HOUR_MS, type RangeInput, resolveRange, type TimeRange, utcParts } from './history.range.js';
import {
  type Bucket,
  createHistoryRepository,
  type ListSearch,
  type RawReading,
  type ReadingInput,
} from './history.repository.js';
import { createHistorySealer } from './history.sealer.js';

/** The part of a sensor history needs; devices' `Sensor` satisfies it. */
export type HistorySensor = Pick<
  Sensor,
  'id' | 'labelUsuario' | 'tipoSensor' | 'variableJson' | 'variableLongitud' | 'shadows'
>;

/** Access checks come from the devices module (`devices.access`). */
export interface SensorAccess {
  sensorFor(userId: number, sensorId: number): Promise<{ sensor: Sensor; deviceId: number; rolId: number }>;
  deviceName(deviceId: number): Promise<string>;
}

export interface HistoryServiceDeps {
  db: Db;
  log: Logger;
  config: Pick<Config, 'historyRetentionDays' | 'osrmUrl'> &
    Partial<Pick<Config, 'historySealIntervalSeconds'>>;
  /** Injectable clock and fetch for tests. */
  now?: () => number;
  fetch?: typeof fetch;
}

/** How often the retention job looks for expired readings. */
const RETENTION_INTERVAL_MS = 3_600_000;
/** Chart series never exceed this many points, whatever the range. */
export const DEFAULT_CHART_POINTS = 1000;
const WIDGET_CHART_POINTS = 300;
/** Without paging the whole range is answered; beyond this many rows the caller must page. */
export const MAX_UNPAGED_ROWS = 5000;
/** The raw list refuses ranges longer than this (charts and CSV accept any range). */
export const MAX_LIST_SPAN_DAYS = 400;
const CSV_PAGE = 5000;
const MAX_ROUTE_POINTS = 2000;
const MAX_OSRM_WAYPOINTS = 100;

/** Bucket widths in seconds a chart may use; ≥ 60 reads minute rollups, ≥ 3600 hour rollups. */
const NICE_WIDTHS_S = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800,
];

export function chooseBucketWidthS(spanMs: number, maxPoints: number): number {
  const needed = spanMs / maxPoints / 1000;
  return NICE_WIDTHS_S.find((w) => w >= needed) ?? Math.ceil(needed / 86400) * 86400;
}

function toPoint(bucket: Bucket): PuntoGrafico {
  return {
    ts: bucket.ts,
    min: bucket.min,
    avg: bucket.cnt > 0 ? bucket.sum / bucket.cnt : bucket.min,
    max: bucket.max,
    cnt: bucket.cnt,
  };
}

function isMapSensor(sensor: HistorySensor): boolean {
  return (
    sensor.tipoSensor.id === tiposSensor.gps ||
    sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.mapa)
  );
}

function haversineMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Evenly picks at most `max` items, always keeping the first and the last. */
function sample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const out: T[] = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) {
    const item = items[Math.round(i * step)];
    if (item !== undefined) out.push(item);
  }
  return out;
}

export interface ListOptions {
  pagina?: number | undefined;
  tamanoPagina?: number | undefined;
  orden?: OrdenHistorial | undefined;
  busqueda?: string | undefined;
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const repository = createHistoryRepository(deps.db);
  const now = deps.now ?? Date.now;
  const sealer = createHistorySealer({
    db: deps.db,
    log: deps.log,
    now,
    intervalSeconds: deps.config.historySealIntervalSeconds ?? 0,
  });
  let retentionTimer: NodeJS.Timeout | undefined;

  /**
   * Deletes readings older than HISTORY_RETENTION_DAYS (0 keeps everything). A per-plan
   * retention would pass a cut-off per owner here instead of one global value.
   */
  async function applyRetention(at = now()): Promise<number> {
    const days = deps.config.historyRetentionDays;
    if (days <= 0) return 0;
    const { readings } = await repository.deleteOlderThan(at - days * DAY_MS);
    if (readings > 0) deps.log.info({ readings, days }, 'retención de historial aplicada');
    return readings;
  }

  /** A search text that is a date dd/MM/yyyy narrows to that UTC day; anything else matches the value. */
  function toSearch(busqueda: string | undefined): ListSearch | undefined {
    const text = busqueda?.trim();
    if (!text) return undefined;
    const day = parseFechaHistorial(text);
    if (day) {
      const from = Date.UTC(day[0], day[1] - 1, day[2]);
      return { from, to: from + DAY_MS };
    }
    return { text };
  }

  /** Min/avg/max series of at most `maxPoints` points, from raw rows, minute or hour rollups. */
  async function chartSeries(
    sensorId: number,
    range: TimeRange,
    maxPoints: number,
  ): Promise<{ resolucion: number; puntos: PuntoGrafico[] }> {
    // Sparse ranges are answered raw, so every reading is a point and nothing is averaged away.
    const raw = await repository.sparsePoints(sensorId, range.from, range.to, maxPoints);
    if (raw) {
      return {
        resolucion: 0,
        puntos: raw.map((r) => {
          const v = r.valorNum ?? 0;
          return { ts: r.ts, min: v, avg: v, max: v, cnt: 1 };
        }),
      };
    }
    const widthS = chooseBucketWidthS(range.to - range.from, maxPoints);
    const widthMs = widthS * 1000;
    let buckets: Bucket[];
    if (widthS >= 3600) {
      buckets = await repository.bucketsFromRollups(sensorId, 3600, range.from, range.to, widthMs);
    } else if (widthS >= 60) {
      buckets = await repository.bucketsFromRollups(sensorId, 60, range.from, range.to, widthMs);
    } else {
      buckets = await repository.bucketsFromReadings(sensorId, range.from, range.to, widthMs);
    }
    return { resolucion: widthS, puntos: buckets.map(toPoint) };
  }

  async function* csvChunks(
    sensors: { id: number; label: string }[],
    range: TimeRange,
    offsetMinutes: number,
  ): AsyncGenerator<string> {
    const formatDate = createCsvDateFormatter(offsetMinutes);
    yield `${CSV_BOM}${CSV_HEADER}\r\n`;
    for (const sensor of sensors) {
      const label = csvField(sensor.label);
      let after: { ts: number; id: number } | null = null;
      for (;;) {
        const rows: RawReading[] = await repository.pageAfter(
          sensor.id,
          range.from,
          range.to,
          after,
          CSV_PAGE,
        );
        if (rows.length === 0) break;
        let chunk = '';
        for (const row of rows) {
          const valor = row.valorNum !== null ? csvNumber(row.valorNum) : csvField(row.valor);
          chunk += `${label};${formatDate(row.ts)};${valor}\r\n`;
        }
        yield chunk;
        const last = rows[rows.length - 1];
        if (!last || rows.length < CSV_PAGE) break;
        after = { ts: last.ts, id: last.id };
      }
    }
  }

  async function osrmRoute(
    points: PuntoRuta[],
  ): Promise<{ ruta: [number, number][]; distancia: number } | null> {
    const base = deps.config.osrmUrl;
    if (!base) return null;
    const waypoints = sample(points, MAX_OSRM_WAYPOINTS);
    // Six decimals (~0.1 m) keep the URL short and free of float noise.
    const coordinates = waypoints.map((p) => `${+p.lng.toFixed(6)},${+p.lat.toFixed(6)}`).join(';');
    const url = `${base.replace(/\/$/, '')}/route/v1/driving/${coordinates}?overview=full&geometries=geojson`;
    try {
      const response = await (deps.fetch ?? fetch)(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`OSRM respondió ${response.status}`);
      const body = (await response.json()) as {
        code?: string;
        routes?: { distance?: number; geometry?: { coordinates?: [number, number][] } }[];
      };
      const route = body.routes?.[0];
      const line = route?.geometry?.coordinates;
      if (body.code !== 'Ok' || !line || line.length === 0) throw new Error(`OSRM sin ruta (${body.code})`);
      return { ruta: line.map(([lng, lat]) => [lat, lng]), distancia: route?.distance ?? 0 };
    } catch (error) {
      // The map still shows the points joined in order when the routing service fails.
      deps.log.warn({ err: error }, 'OSRM no disponible; se dibuja la línea entre los puntos');
      return null;
    }
  }

  return {
    repository,
    /** Seals past hours into compressed chunks (HISTORY_SEAL_INTERVAL_SECONDS; 0 = off). */
    sealer,

    /**
     * Stores readings and their per-minute / per-hour rollups in one transaction. The caller's
     * writes (`also`) commit or roll back with them (platform/db/batch-write.ts).
     */
    appendReadings(rows: ReadingInput[], also?: BatchWrite): Promise<void> {
      return repository.appendReadings(rows, also);
    },

    /** Deletes every reading and rollup of the given sensors (sensor or device removal). */
    async deleteForSensors(sensorIds: number[]): Promise<void> {
      await repository.deleteForSensors(sensorIds);
    },

    applyRetention,

    /** Starts the periodic retention job; a no-op when retention is disabled. */
    startRetention(): void {
      if (deps.config.historyRetentionDays <= 0 || retentionTimer) return;
      const run = () =>
        applyRetention().catch((error: unknown) =>
          deps.log.error({ err: error }, 'retención de historial falló'),
        );
      retentionTimer = setInterval(run, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
      void run();
    },

    stopRetention(): void {
      if (retentionTimer) clearInterval(retentionTimer);
      retentionTimer = undefined;
    },

    /** The raw list of a range, paged on the server (spec 1 §7 historial). */
    async list(sensorId: number, input: RangeInput & ListOptions): Promise<Omit<HistorialAnswer, 'status'>> {
      const range = resolveRange(input, now());
      if (range.to - range.from > MAX_LIST_SPAN_DAYS * DAY_MS)
        throw badRequest(mensajes.rangoDemasiadoGrande);
      const search = toSearch(input.busqueda);
      // Without a search the total comes from the rollups (no scan of the range's raw rows).
      const total = search
        ? await repository.countReadings(sensorId, range.from, range.to, search)
        : await repository.countAll(sensorId, range.from, range.to);
      const paged = input.pagina !== undefined || input.tamanoPagina !== undefined;
      if (!paged && total > MAX_UNPAGED_ROWS) throw badRequest(mensajes.rangoDemasiadoGrande);
      const limit = paged ? (input.tamanoPagina ?? 5) : MAX_UNPAGED_ROWS;
      const offset = paged ? (input.pagina ?? 0) * limit : 0;
      const rows =
        total === 0 || offset >= total
          ? []
          : await repository.listReadings(sensorId, range.from, range.to, {
              offset,
              limit,
              order: input.orden ?? '-fecha',
              ...(search ? { search } : {}),
            });
      return {
        historial: rows.map((r) => ({ idRegistro: r.id, ...utcParts(r.ts), valor: r.valor, ts: r.ts })),
        total,
        desde: range.from,
        hasta: range.to,
      };
    },

    /** The history chart: at most `maxPuntos` min/avg/max points for any range. */
    async chart(
      sensorId: number,
      input: RangeInput & { cantidadHoras?: number | undefined; maxPuntos?: number | undefined },
    ): Promise<Omit<GraficoAnswer, 'status'>> {
      const full = resolveRange(input, now());
      const range =
        input.cantidadHoras !== undefined
          ? {
              from: Math.max(full.from, Math.min(full.to, now() + 1) - input.cantidadHoras * HOUR_MS),
              to: full.to,
            }
          : full;
      const series = await chartSeries(sensorId, range, input.maxPuntos ?? DEFAULT_CHART_POINTS);
      return { ...series, desde: range.from, hasta: range.to };
    },

    /** Min, max and average of the last 24 hours (a scheduled event's information), or null without readings. */
    async daySummary(sensorId: number): Promise<{ min: number; max: number; avg: number } | null> {
      const end = now() + 1;
      const { puntos } = await chartSeries(sensorId, { from: end - 24 * HOUR_MS, to: end }, 24);
      const count = puntos.reduce((sum, p) => sum + p.cnt, 0);
      if (count === 0) return null;
      return {
        min: Math.min(...puntos.map((p) => p.min)),
        max: Math.max(...puntos.map((p) => p.max)),
        avg: puntos.reduce((sum, p) => sum + p.avg * p.cnt, 0) / count,
      };
    },

    /** The chart widget's feed: the last `cantidadHoras` hours (spec 1 §7 historialWidget). */
    async widget(sensorId: number, cantidadHoras: number): Promise<Omit<HistorialWidgetAnswer, 'status'>> {
      const end = now() + 1;
      const series = await chartSeries(
        sensorId,
        { from: end - cantidadHoras * HOUR_MS, to: end },
        WIDGET_CHART_POINTS,
      );
      return {
        historial: series.puntos.map((p) => {
          const { hora, minuto, segundo } = utcParts(p.ts);
          // Averages are rounded to 4 decimals: the widget shows them, it does not compute with them.
          return {
            fecha: p.ts,
            hora,
            minuto,
            segundo,
            valor: String(Math.round(p.avg * 1e4) / 1e4),
            min: p.min,
            max: p.max,
          };
        }),
        hayAlgo: series.puntos.length > 0,
      };
    },

    /** Deletes one record (rebuilding its rollup buckets) or all of the sensor's; owner level only. */
    async deleteRecords(
      access: { sensorId: number; rolId: number },
      input: { idRegistro?: number | null | undefined; todos?: boolean | undefined },
    ): Promise<number> {
      if (access.rolId !== rolesEquipo.propietario) throw forbidden(mensajes.soloPropietarioEliminaRegistros);
      if (input.todos) return repository.deleteForSensors([access.sensorId]);
      if (!input.idRegistro) throw badRequest(mensajes.debeIndicarRegistro);
      const deleted = await repository.deleteReading(access.sensorId, input.idRegistro);
      if (!deleted) throw notFound(mensajes.registroNoEncontrado);
      return 1;
    },

    /** A CSV of the sensors' readings in the range, produced page by page (constant memory). */
    csv(sensors: { id: number; label: string }[], input: RangeInput): AsyncGenerator<string> {
      const range = resolveRange(input, now());
      return csvChunks(sensors, range, input.utcOffsetMinutos ?? 0);
    },

    /** The positions of a map sensor in the range and the line through them (OSRM when configured). */
    async route(sensor: HistorySensor, input: RangeInput): Promise<Omit<RutaAnswer, 'status'>> {
      const latKey = sensor.variableJson;
      const lngKey = sensor.variableLongitud;
      if (!isMapSensor(sensor) || !latKey || !lngKey) throw badRequest(mensajes.sensorSinCoordenadas);
      const range = resolveRange(input, now());
      const total = await repository.countReadings(sensor.id, range.from, range.to);
      const stride = Math.max(1, Math.ceil(total / MAX_ROUTE_POINTS));
      const points: PuntoRuta[] = [];
      let invalid = 0;
      let index = 0;
      let lastValid: PuntoRuta | undefined;
      let after: { ts: number; id: number } | null = null;
      for (;;) {
        const rows: RawReading[] = await repository.pageAfter(
          sensor.id,
          range.from,
          range.to,
          after,
          CSV_PAGE,
        );
        for (const row of rows) {
          const position = readCoordinates(row.valor, latKey, lngKey);
          if (!position) {
            invalid++;
            continue;
          }
          lastValid = { ...position, ts: row.ts };
          if (index++ % stride === 0) points.push(lastValid);
        }
        const last = rows[rows.length - 1];
        if (!last || rows.length < CSV_PAGE) break;
        after = { ts: last.ts, id: last.id };
      }
      // The route always ends at the last known position.
      if (lastValid && points[points.length - 1] !== lastValid) points.push(lastValid);
      if (points.length < 3) {
        throw badRequest(invalid > 0 ? mensajes.latitudLongitudInvalida : mensajes.rutaMinimoPuntos);
      }
      const routed = await osrmRoute(points);
      if (routed)
        return { puntos: points, ruta: routed.ruta, fuente: 'osrm', distanciaMetros: routed.distancia };
      let distance = 0;
      for (let i = 1; i < points.length; i++) {
        const a = points[i - 1];
        const b = points[i];
        if (a && b) distance += haversineMeters(a, b);
      }
      return {
        puntos: points,
        ruta: points.map((p) => [p.lat, p.lng]),
        fuente: 'puntos',
        distanciaMetros: Math.round(distance),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
