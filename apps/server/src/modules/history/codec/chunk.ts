import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { BitReader, BitWriter } from './bits.js';
import { decimalExponent, readDecimal, readXor, writeDecimal, writeXor, xorBits } from './floats.js';
import { MAX_SERIES_MAGNITUDE, readIntegerSeries, writeIntegerSeries } from './series.js';

/**
 * One chunk: the readings of one sensor for one hour, as a single BLOB.
 *
 *   byte 0      format version (1)
 *   byte 1      flags: 1 every reading numeric, 2 none numeric, 4 values as XOR doubles,
 *               8 numeric texts written with toFixed(e), 16 a text section follows
 *   byte 2      decimal exponent e (decimal values only)
 *   varint      count
 *   varint      length of the bit section
 *   bits        timestamps (integer series), one bit per reading "numeric" when the chunk is
 *               mixed, ids (integer series), the numeric values (decimal or XOR); times come
 *               first so counting a range decodes only them
 *   rest        text section, Brotli: JSON [texts of the non-numeric readings, [index, text]
 *               for numeric readings whose text is not the number's own text ('23.50')]
 *
 * The codec keeps the order it is given; the sealer hands readings over sorted by (ts, id).
 */

export interface ChunkReading {
  id: number;
  ts: number;
  valor: string;
  /** The number the value parsed as, or null for text and JSON values. */
  valorNum: number | null;
}

export interface DecodedChunk {
  count: number;
  ids: number[];
  ts: number[];
  /** The numeric value, or null where the reading is text. */
  nums: (number | null)[];
  /** The exact text the device sent for reading i. */
  valorAt(i: number): string;
}

const VERSION = 1;
const ALL_NUMERIC = 1;
const NONE_NUMERIC = 2;
const XOR_VALUES = 4;
const FIXED_TEXT = 8;
const HAS_TEXT = 16;

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function readVarint(bytes: Uint8Array, at: { offset: number }): number {
  let value = 0;
  let factor = 1;
  for (;;) {
    const byte = bytes[at.offset++];
    if (byte === undefined) throw new Error('chunk truncado');
    value += (byte & 0x7f) * factor;
    if (byte < 0x80) return value;
    factor *= 0x80;
  }
}

function checkInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || Math.abs(value) >= MAX_SERIES_MAGNITUDE)
    throw new RangeError(`${what} fuera de rango para un chunk: ${value}`);
}

export function encodeChunk(readings: readonly ChunkReading[]): Uint8Array {
  const count = readings.length;
  const numericIndexes: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = readings[i] as ChunkReading;
    checkInteger(r.id, 'id');
    checkInteger(r.ts, 'ts');
    if (r.valorNum !== null) {
      numericIndexes.push(i);
      values.push(r.valorNum);
    }
  }
  let flags = 0;
  if (values.length === count) flags |= ALL_NUMERIC;
  if (values.length === 0) flags |= NONE_NUMERIC;

  const writer = new BitWriter(count * 2 + 16);
  writeIntegerSeries(
    writer,
    readings.map((r) => r.ts),
  );
  if (!(flags & (ALL_NUMERIC | NONE_NUMERIC))) for (const r of readings) writer.writeBit(r.valorNum !== null);
  writeIntegerSeries(
    writer,
    readings.map((r) => r.id),
  );

  let exponent = 0;
  if (values.length > 0) {
    const decimal = decimalExponent(values);
    let useDecimal = decimal !== null;
    if (decimal !== null) {
      const trial = new BitWriter();
      writeDecimal(trial, values, decimal);
      useDecimal = trial.finish().length * 8 <= xorBits(values);
    }
    if (useDecimal && decimal !== null) {
      exponent = decimal;
      writeDecimal(writer, values, decimal);
    } else {
      flags |= XOR_VALUES;
      writeXor(writer, values);
    }
  }

  // Texts: the non-numeric readings' values, and the numeric ones that differ from their number's text.
  const texts: string[] = [];
  const plainExceptions: [number, string][] = [];
  const fixedExceptions: [number, string][] = [];
  for (let i = 0; i < count; i++) {
    const r = readings[i] as ChunkReading;
    if (r.valorNum === null) {
      texts.push(r.valor);
      continue;
    }
    if (r.valor !== String(r.valorNum)) plainExceptions.push([i, r.valor]);
    if (!(flags & XOR_VALUES) && r.valor !== r.valorNum.toFixed(exponent)) fixedExceptions.push([i, r.valor]);
  }
  const useFixed = !(flags & XOR_VALUES) && fixedExceptions.length < plainExceptions.length;
  if (useFixed) flags |= FIXED_TEXT;
  const exceptions = useFixed ? fixedExceptions : plainExceptions;
  let textSection: Uint8Array = new Uint8Array(0);
  if (texts.length > 0 || exceptions.length > 0) {
    flags |= HAS_TEXT;
    textSection = brotliCompressSync(Buffer.from(JSON.stringify([texts, exceptions]), 'utf8'), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  }

  const bits = writer.finish();
  const header: number[] = [VERSION, flags, exponent];
  writeVarint(header, count);
  writeVarint(header, bits.length);
  const out = new Uint8Array(header.length + bits.length + textSection.length);
  out.set(header, 0);
  out.set(bits, header.length);
  out.set(textSection, header.length + bits.length);
  return out;
}

/** The times of a chunk's readings and which are numeric, without decoding ids, values or texts. */
export interface ChunkTimes {
  count: number;
  ts: number[];
  isNumeric(i: number): boolean;
}

function openChunk(data: Uint8Array) {
  if (data[0] !== VERSION) throw new Error(`versión de chunk desconocida: ${data[0]}`);
  const flags = data[1] ?? 0;
  const exponent = data[2] ?? 0;
  const at = { offset: 3 };
  const count = readVarint(data, at);
  const bitLength = readVarint(data, at);
  const reader = new BitReader(data.subarray(at.offset, at.offset + bitLength));
  const ts = readIntegerSeries(reader, count);
  let numeric: boolean[] | null = null;
  if (!(flags & (ALL_NUMERIC | NONE_NUMERIC))) {
    numeric = new Array<boolean>(count);
    for (let i = 0; i < count; i++) numeric[i] = reader.readBit();
  }
  return { flags, exponent, count, bitLength, reader, ts, numeric, textAt: at.offset + bitLength };
}

export function decodeChunkTimes(data: Uint8Array): ChunkTimes {
  const { flags, count, ts, numeric } = openChunk(data);
  const all = (flags & ALL_NUMERIC) !== 0;
  return { count, ts, isNumeric: (i) => (numeric ? numeric[i] === true : all) };
}

export function decodeChunk(data: Uint8Array): DecodedChunk {
  const { flags, exponent, count, reader, ts, numeric, textAt } = openChunk(data);
  const ids = readIntegerSeries(reader, count);
  const numericCount =
    flags & ALL_NUMERIC ? count : flags & NONE_NUMERIC ? 0 : numeric?.filter(Boolean).length;
  const values = !numericCount
    ? []
    : flags & XOR_VALUES
      ? readXor(reader, numericCount)
      : readDecimal(reader, numericCount, exponent);
  const nums = new Array<number | null>(count);
  const textIndex = new Array<number>(count).fill(-1);
  let v = 0;
  let t = 0;
  for (let i = 0; i < count; i++) {
    const isNumeric = numeric ? numeric[i] : !(flags & NONE_NUMERIC);
    if (isNumeric) nums[i] = values[v++] as number;
    else {
      nums[i] = null;
      textIndex[i] = t++;
    }
  }
  let texts: string[] = [];
  let exceptions: Map<number, string> | undefined;
  if (flags & HAS_TEXT) {
    const [plain, pairs] = JSON.parse(brotliDecompressSync(data.subarray(textAt)).toString('utf8')) as [
      string[],
      [number, string][],
    ];
    texts = plain;
    if (pairs.length > 0) exceptions = new Map(pairs);
  }
  const fixed = (flags & FIXED_TEXT) !== 0;
  return {
    count,
    ids,
    ts,
    nums,
    valorAt(i: number): string {
      const value = nums[i];
      if (value === null || value === undefined) return texts[textIndex[i] as number] ?? '';
      const exception = exceptions?.get(i);
      if (exception !== undefined) return exception;
      return fixed ? value.toFixed(exponent) : String(value);
    },
  };
}
