/**
 * Bit-level writer and reader for the chunk codec. Values up to 53 bits wide are written with
 * plain arithmetic (no 32-bit bitwise truncation), so every safe integer fits.
 */

const TWO_32 = 2 ** 32;

export class BitWriter {
  private bytes: Uint8Array;
  private bitLength = 0;

  constructor(initialBytes = 256) {
    this.bytes = new Uint8Array(initialBytes);
  }

  private ensure(extraBits: number): void {
    const needed = Math.ceil((this.bitLength + extraBits) / 8);
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
  }

  /** Writes the low `width` bits (≤ 32) of a non-negative integer, most significant first. */
  private write32(value: number, width: number): void {
    this.ensure(width);
    let remaining = width;
    while (remaining > 0) {
      const byteIndex = this.bitLength >>> 3;
      const used = this.bitLength & 7;
      const free = 8 - used;
      const take = Math.min(free, remaining);
      const shift = remaining - take;
      const part = (value >>> shift) & ((1 << take) - 1);
      this.bytes[byteIndex] = (this.bytes[byteIndex] ?? 0) | (part << (free - take));
      this.bitLength += take;
      remaining -= take;
    }
  }

  /** Writes a non-negative integer (< 2^53) in `width` bits (≤ 53). */
  write(value: number, width: number): void {
    if (width <= 32) {
      this.write32(value >>> 0, width);
      return;
    }
    const high = Math.floor(value / TWO_32);
    const low = value - high * TWO_32;
    this.write32(high, width - 32);
    this.write32(low, 32);
  }

  writeBit(bit: boolean): void {
    this.write32(bit ? 1 : 0, 1);
  }

  finish(): Uint8Array {
    return this.bytes.slice(0, Math.ceil(this.bitLength / 8));
  }
}

export class BitReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  private read32(width: number): number {
    const offset = this.position & 7;
    const byteIndex = this.position >>> 3;
    // Fast path: the bits lie inside one 4-byte window that is fully present.
    if (offset + width <= 32 && byteIndex + 4 <= this.bytes.length) {
      const b = this.bytes;
      const word =
        (((b[byteIndex] as number) << 24) |
          ((b[byteIndex + 1] as number) << 16) |
          ((b[byteIndex + 2] as number) << 8) |
          (b[byteIndex + 3] as number)) >>>
        0;
      this.position += width;
      if (width === 32) return word;
      return (word >>> (32 - offset - width)) & (((1 << width) - 1) >>> 0);
    }
    let value = 0;
    let remaining = width;
    while (remaining > 0) {
      const byteIndex = this.position >>> 3;
      if (byteIndex >= this.bytes.length) throw new Error('chunk truncado');
      const used = this.position & 7;
      const free = 8 - used;
      const take = Math.min(free, remaining);
      const byte = this.bytes[byteIndex] ?? 0;
      const part = (byte >>> (free - take)) & ((1 << take) - 1);
      value = value * 2 ** take + part;
      this.position += take;
      remaining -= take;
    }
    return value;
  }

  read(width: number): number {
    if (width <= 32) return this.read32(width);
    const high = this.read32(width - 32);
    return high * TWO_32 + this.read32(32);
  }

  readBit(): boolean {
    return this.read32(1) === 1;
  }
}

/** Zigzag for safe integers: 0, -1, 1, -2 … → 0, 1, 2, 3 … (arithmetic, so it holds beyond 32 bits). */
export function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

export function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** Bits needed for a non-negative integer (0 → 0). */
export function bitWidth(value: number): number {
  if (value === 0) return 0;
  if (value < TWO_32) return 32 - Math.clz32(value);
  return 32 + bitWidth(Math.floor(value / TWO_32));
}
