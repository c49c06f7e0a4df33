/** Reading sensor values as numbers and positions: one implementation for the server and the web. */

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A finite number, or decimal text for one (sign, decimals, exponent; surrounding blanks ignored).
 * Anything else is null: '', booleans, hex, 'Infinity', numbers that overflow.
 */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || !DECIMAL.test(trimmed)) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

export interface NumericReading {
  /** The received value as a number, or null when it is missing or not numeric. */
  value: number | null;
  /** True when a value arrived but is not a number (shows 'Valor recibido no numérico'). */
  isNonNumeric: boolean;
  /** True when there is no value yet. */
  isEmpty: boolean;
}

/**
 * Reads a sensor value as a number. A JSON payload is accepted when `variableJson` names the
 * field (devices with tipoDato JSON may publish `{"temp": 21.5}`); commas are accepted as the
 * decimal separator because Spanish-speaking users type them.
 */
export function readNumeric(valor: string | null | undefined, variableJson?: string | null): NumericReading {
  if (valor === null || valor === undefined || valor.trim() === '') {
    return { value: null, isNonNumeric: false, isEmpty: true };
  }
  let raw: unknown = valor.trim();
  if (variableJson && typeof raw === 'string' && raw.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') raw = (parsed as Record<string, unknown>)[variableJson];
    } catch {
      // Not JSON after all: fall through and try it as a plain number.
    }
  }
  const value = parseDecimal(typeof raw === 'string' ? raw.replace(',', '.') : raw);
  return value === null
    ? { value: null, isNonNumeric: true, isEmpty: false }
    : { value, isNonNumeric: false, isEmpty: false };
}

export interface Coordinates {
  lat: number;
  lng: number;
}

function coordinate(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw.replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Latitude/longitude from a map sensor's JSON value (fields `latKey` and `lngKey`); null when
 * they are missing, not numbers or out of range.
 */
export function readCoordinates(
  valor: string | null | undefined,
  latKey: string | null | undefined,
  lngKey: string | null | undefined,
): Coordinates | null {
  if (!valor || !latKey || !lngKey) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(valor);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  const lat = coordinate(record[latKey]);
  const lng = coordinate(record[lngKey]);
  if (lat === null || lng === null) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}
