/** Pure helpers shared by the widgets: clamping and formatting (parsing is in @nexo/contracts' values). */

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
