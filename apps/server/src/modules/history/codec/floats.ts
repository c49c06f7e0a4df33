import { type BitReader, BitWriter } from './bits.js';
import { MAX_SERIES_MAGNITUDE, readIntegerSeries, writeIntegerSeries } from './series.js';

/**
 * Numeric values of a chunk, in the smaller of two encodings:
 *
 * - decimal: every value is an integer times 10^-e (e ≤ 9), as sensors send them (23.47);
 *   the integers go through the integer series (deltas, packed). VictoriaMetrics' approach.
 * - xor: Gorilla's XOR of each double's bits with the previous one, for anything else
 *   (NaN, ±Infinity, -0, 1/3 …); exact for every bit pattern.
 */

const MAX_EXPONENT = 9;
const POWERS = Array.from({ length: MAX_EXPONENT + 1 }, (_, e) => 10 ** e);

/** The smallest exponent that writes every value as an exact integer, or null. */
export function decimalExponent(values: readonly number[]): number | null {
  let exponent = 0;
  for (const value of values) {
    if (!Number.isFinite(value) || Object.is(value, -0)) return null;
    while (exponent <= MAX_EXPONENT && !fitsDecimal(value, exponent)) exponent++;
    if (exponent > MAX_EXPONENT) return null;
  }
  // A larger exponent chosen by a later value must still hold for the earlier ones.
  for (const value of values) if (!fitsDecimal(value, exponent)) return null;
  return exponent;
}

function fitsDecimal(value: number, exponent: number): boolean {
  const power = POWERS[exponent] as number;
  const scaled = Math.round(value * power);
  return Math.abs(scaled) < MAX_SERIES_MAGNITUDE && scaled / power === value;
}

export function writeDecimal(writer: BitWriter, values: readonly number[], exponent: number): void {
  const power = POWERS[exponent] as number;
  writeIntegerSeries(
    writer,
    values.map((v) => Math.round(v * power)),
  );
}

export function readDecimal(reader: BitReader, count: number, exponent: number): number[] {
  const power = POWERS[exponent] as number;
  return readIntegerSeries(reader, count).map((x) => x / power);
}

const view = new DataView(new ArrayBuffer(8));

function bitsOf(value: number): bigint {
  view.setFloat64(0, value);
  return view.getBigUint64(0);
}

function doubleOf(bits: bigint): number {
  view.setBigUint64(0, bits);
  return view.getFloat64(0);
}

function leadingZeros(x: bigint): number {
  return 64 - x.toString(2).length;
}

function trailingZeros(x: bigint): number {
  let n = 0;
  while ((x & 1n) === 0n) {
    x >>= 1n;
    n++;
  }
  return n;
}

function writeBig(writer: BitWriter, value: bigint, width: number): void {
  if (width > 32) {
    writer.write(Number(value >> 32n), width - 32);
    writer.write(Number(value & 0xffffffffn), 32);
  } else {
    writer.write(Number(value), width);
  }
}

function readBig(reader: BitReader, width: number): bigint {
  if (width > 32) {
    const high = BigInt(reader.read(width - 32));
    return (high << 32n) | BigInt(reader.read(32));
  }
  return BigInt(reader.read(width));
}

export function writeXor(writer: BitWriter, values: readonly number[]): void {
  let previous = 0n;
  let windowLeading = -1;
  let windowTrailing = 0;
  for (const value of values) {
    const bits = bitsOf(value);
    const xor = bits ^ previous;
    previous = bits;
    if (xor === 0n) {
      writer.writeBit(false);
      continue;
    }
    writer.writeBit(true);
    const leading = Math.min(leadingZeros(xor), 63);
    const trailing = trailingZeros(xor);
    if (windowLeading >= 0 && leading >= windowLeading && trailing >= windowTrailing) {
      writer.writeBit(false);
      writeBig(writer, xor >> BigInt(windowTrailing), 64 - windowLeading - windowTrailing);
      continue;
    }
    writer.writeBit(true);
    const significant = 64 - leading - trailing;
    writer.write(leading, 6);
    writer.write(significant - 1, 6);
    writeBig(writer, xor >> BigInt(trailing), significant);
    windowLeading = leading;
    windowTrailing = trailing;
  }
}

export function readXor(reader: BitReader, count: number): number[] {
  const out = new Array<number>(count);
  let previous = 0n;
  let windowLeading = -1;
  let windowTrailing = 0;
  for (let i = 0; i < count; i++) {
    if (reader.readBit()) {
      let xor: bigint;
      if (!reader.readBit()) {
        xor = readBig(reader, 64 - windowLeading - windowTrailing) << BigInt(windowTrailing);
      } else {
        const leading = reader.read(6);
        const significant = reader.read(6) + 1;
        const trailing = 64 - leading - significant;
        xor = readBig(reader, significant) << BigInt(trailing);
        windowLeading = leading;
        windowTrailing = trailing;
      }
      previous ^= xor;
    }
    out[i] = doubleOf(previous);
  }
  return out;
}

/** Bits the XOR encoding takes for these values (to compare with the decimal one). */
export function xorBits(values: readonly number[]): number {
  const writer = new BitWriter();
  writeXor(writer, values);
  return writer.finish().length * 8;
}
