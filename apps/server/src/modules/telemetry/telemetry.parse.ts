import { parseDecimal, tiposDato } from '@nexo/contracts';
import type { SensorInfo } from '../devices/index.js';

/** Largest payload accepted from a device (MQTT or HTTP); larger ones are dropped and counted. */
export const MAX_PAYLOAD_BYTES = 4096;

export type RejectReason = 'tamano' | 'utf8' | 'json' | 'campo' | 'numero' | 'topic';

export type ParsedValue =
  | { ok: true; valor: string; valorNum: number | null }
  | { ok: false; reason: RejectReason };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Adds the calibration without float noise (21.1 + 0.3 → 21.4, not 21.400000000000002). */
function calibrate(value: number, calibracion: number): number {
  if (!calibracion) return value;
  return Number.parseFloat((value + calibracion).toFixed(6));
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * Turns a device payload into the stored value, by the sensor's tipoDato:
 * plain text; JSON with the value under `variableJson`; or, for maps (variableLongitud set),
 * latitude/longitude stored as the JSON string `{"<variableJson>":lat,"<variableLongitud>":lng}`.
 * Numbers get the calibration added; a numeric sensor refuses anything else.
 */
export function parseReading(sensor: SensorInfo, payload: Uint8Array): ParsedValue {
  if (payload.byteLength > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'tamano' };
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return { ok: false, reason: 'utf8' };
  }

  let raw: string;
  if (sensor.tipoDato === tiposDato.json) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'json' };
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      return { ok: false, reason: 'json' };
    }
    const fields = document as Record<string, unknown>;
    const latName = sensor.variableJson ?? '';
    if (sensor.variableLongitud) {
      if (!(latName in fields) || !(sensor.variableLongitud in fields)) return { ok: false, reason: 'campo' };
      const lat = parseDecimal(fields[latName]);
      const lng = parseDecimal(fields[sensor.variableLongitud]);
      if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        return { ok: false, reason: 'numero' };
      }
      return {
        ok: true,
        valor: JSON.stringify({ [latName]: lat, [sensor.variableLongitud]: lng }),
        valorNum: null,
      };
    }
    if (!(latName in fields)) return { ok: false, reason: 'campo' };
    const field = scalarText(fields[latName]);
    if (field === null) return { ok: false, reason: 'campo' };
    raw = field;
  } else {
    raw = text.trim();
  }

  const number = parseDecimal(raw);
  if (number === null) {
    if (sensor.numerico) return { ok: false, reason: 'numero' };
    return { ok: true, valor: raw, valorNum: null };
  }
  const calibrated = calibrate(number, sensor.calibracion);
  return { ok: true, valor: sensor.calibracion ? String(calibrated) : raw, valorNum: calibrated };
}
