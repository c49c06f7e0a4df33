/** Pure helpers shared by the widgets: parsing, clamping and formatting of sensor values. */

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
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.replace(',', '.') : '';
  if (text.trim() === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text.trim())) {
    return { value: null, isNonNumeric: true, isEmpty: false };
  }
  return { value: Number(text), isNonNumeric: false, isEmpty: false };
}

export interface Range {
  min: number;
  max: number;
}

/** Reference range with the spec's preview defaults (0..100) when the widget has none or it is inverted. */
export function referenceRange(min: number | null | undefined, max: number | null | undefined): Range {
  const low = typeof min === 'number' && Number.isFinite(min) ? min : 0;
  const high = typeof max === 'number' && Number.isFinite(max) ? max : 100;
  return high > low ? { min: low, max: high } : { min: low, max: low + 100 };
}

export function clamp(value: number, range: Range): number {
  return Math.min(range.max, Math.max(range.min, value));
}

/** 0..1 position of a value inside the range (clamped). */
export function fraction(value: number, range: Range): number {
  return (clamp(value, range) - range.min) / (range.max - range.min);
}

export function isOutOfRange(value: number, range: Range): boolean {
  return value < range.min || value > range.max;
}

const numberFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export interface Coordinates {
  lat: number;
  lng: number;
}

/** Reads latitude/longitude from a map sensor's JSON value; null when they are missing or invalid. */
export function readCoordinates(
  valor: string | null | undefined,
  variableJson: string | null | undefined,
  variableLongitud: string | null | undefined,
): Coordinates | null {
  if (!valor || !variableJson || !variableLongitud) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(valor);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  const lat = toFinite(record[variableJson]);
  const lng = toFinite(record[variableLongitud]);
  if (lat === null || lng === null) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

function toFinite(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw.replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
