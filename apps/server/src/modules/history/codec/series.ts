import { type BitReader, type BitWriter, bitWidth, zigzag } from './bits.js';

/**
 * Integer series (timestamps, reading ids, decimal-scaled values) as deltas or
 * deltas-of-deltas, packed one of two ways, whichever is smaller for the series:
 *
 * - buckets (Gorilla): '0' for a zero, '10'+7, '110'+12, '1110'+20 bits, '1111'+53 bits;
 *   best when most entries are zero and a few are large (regular timestamps with gaps);
 * - blocks (frame of reference): groups of 64 entries, each group written at the width of its
 *   largest entry; best for noisy values of similar size.
 *
 * Every integer must satisfy |v| < 2^50, so that deltas of deltas stay exact doubles.
 */

export const MAX_SERIES_MAGNITUDE = 2 ** 50;
const BLOCK = 64;
const WIDE = 53;
const BUCKETS: readonly [prefixBits: number, prefixLength: number, width: number][] = [
  [0b10, 2, 7],
  [0b110, 3, 12],
  [0b1110, 4, 20],
];

/** The zigzagged residuals of a series: first-order deltas, or deltas of deltas. */
function residuals(values: readonly number[], order: 1 | 2): number[] {
  const out = new Array<number>(values.length);
  let previous = 0;
  let previousDelta = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    const delta = value - previous;
    out[i] = zigzag(order === 1 ? delta : delta - previousDelta);
    previousDelta = delta;
    previous = value;
  }
  return out;
}

function writeBuckets(writer: BitWriter, items: readonly number[]): void {
  for (const z of items) {
    if (z === 0) {
      writer.writeBit(false);
      continue;
    }
    const bucket = BUCKETS.find(([, , width]) => z < 2 ** width);
    if (bucket) {
      writer.write(bucket[0], bucket[1]);
      writer.write(z, bucket[2]);
    } else {
      writer.write(0b1111, 4);
      writer.write(z, WIDE);
    }
  }
}

function blockWidths(items: readonly number[]): number[] {
  const widths: number[] = [];
  for (let start = 0; start < items.length; start += BLOCK) {
    let max = 0;
    const end = Math.min(items.length, start + BLOCK);
    for (let i = start; i < end; i++) if ((items[i] as number) > max) max = items[i] as number;
    widths.push(bitWidth(max));
  }
  return widths;
}

function writeBlocks(writer: BitWriter, items: readonly number[]): void {
  const widths = blockWidths(items);
  widths.forEach((width, block) => {
    writer.write(width, 6);
    const end = Math.min(items.length, (block + 1) * BLOCK);
    if (width > 0) for (let i = block * BLOCK; i < end; i++) writer.write(items[i] as number, width);
  });
}

function bucketBits(items: readonly number[]): number {
  let bits = 0;
  for (const z of items) {
    if (z === 0) bits += 1;
    else {
      const bucket = BUCKETS.find(([, , width]) => z < 2 ** width);
      bits += bucket ? bucket[1] + bucket[2] : 4 + WIDE;
    }
  }
  return bits;
}

function blockBits(items: readonly number[]): number {
  return blockWidths(items).reduce(
    (bits, width, block) => bits + 6 + width * Math.min(BLOCK, items.length - block * BLOCK),
    0,
  );
}

/**
 * Writes a series of integers: a 2-bit header (delta order, packing), then the residuals.
 * Both orders and both packings are sized and the smallest is written.
 */
export function writeIntegerSeries(writer: BitWriter, values: readonly number[]): void {
  let best: { order: 1 | 2; blocks: boolean; items: number[]; bits: number } | undefined;
  for (const order of [2, 1] as const) {
    const items = residuals(values, order);
    const buckets = bucketBits(items);
    const blocks = blockBits(items);
    const bits = Math.min(buckets, blocks);
    if (!best || bits < best.bits) best = { order, blocks: blocks < buckets, items, bits };
  }
  if (!best) return;
  writer.writeBit(best.order === 2);
  writer.writeBit(best.blocks);
  if (best.blocks) writeBlocks(writer, best.items);
  else writeBuckets(writer, best.items);
}

export function readIntegerSeries(reader: BitReader, count: number): number[] {
  const order2 = reader.readBit();
  const blocks = reader.readBit();
  const out = new Array<number>(count);
  let previous = 0;
  let previousDelta = 0;
  for (let start = 0; start < count; start += BLOCK) {
    const end = Math.min(count, start + BLOCK);
    const width = blocks ? reader.read(6) : -1;
    for (let i = start; i < end; i++) {
      const z = width === 0 ? 0 : width > 0 ? reader.read(width) : readBucket(reader);
      const residual = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      const delta = order2 ? residual + previousDelta : residual;
      previous += delta;
      out[i] = previous;
      previousDelta = delta;
    }
  }
  return out;
}

function readBucket(reader: BitReader): number {
  if (!reader.readBit()) return 0;
  let width = WIDE;
  for (const [, prefixLength, bucketWidth] of BUCKETS) {
    if (!reader.readBit()) {
      width = bucketWidth;
      break;
    }
    if (prefixLength === 4) break;
  }
  return reader.read(width);
}
