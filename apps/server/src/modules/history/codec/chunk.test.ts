import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChunkReading, decodeChunk, encodeChunk } from './chunk.js';

const MAX = 2 ** 50 - 1;

function roundTrip(readings: ChunkReading[]): void {
  const decoded = decodeChunk(encodeChunk(readings));
  expect(decoded.count).toBe(readings.length);
  readings.forEach((r, i) => {
    expect(decoded.ids[i]).toBe(r.id);
    expect(decoded.ts[i]).toBe(r.ts);
    // Object.is: NaN equals NaN, -0 differs from 0.
    expect(Object.is(decoded.nums[i], r.valorNum)).toBe(true);
    expect(decoded.valorAt(i)).toBe(r.valor);
  });
}

const reading = fc.record({
  id: fc.integer({ min: 1, max: MAX }),
  ts: fc.integer({ min: 0, max: MAX }),
  valorNum: fc.option(fc.double(), { nil: null }),
  text: fc.option(fc.string({ unit: 'grapheme' }), { nil: undefined }),
});

describe('chunk codec', () => {
  it('round-trips any series of ids, timestamps, doubles and texts exactly', () => {
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 300 }), (items) => {
        roundTrip(
          items.map((r) => ({
            id: r.id,
            ts: r.ts,
            valorNum: r.valorNum,
            valor: r.text ?? (r.valorNum === null ? '' : String(r.valorNum)),
          })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips short decimals as devices send them, with their own text (23.50, 7, -0.1)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
            step: fc.integer({ min: -5_000, max: 120_000 }),
            style: fc.constantFrom('plain', 'fixed2', 'fixed1'),
          }),
          { maxLength: 500 },
        ),
        fc.integer({ min: 0, max: 2 ** 45 }),
        (items, start) => {
          let ts = start;
          roundTrip(
            items.map((item, i) => {
              ts += item.step;
              const value = item.cents / 100;
              const valor =
                item.style === 'plain' ? String(value) : value.toFixed(item.style === 'fixed2' ? 2 : 1);
              return { id: 1000 + i * 3, ts: Math.max(0, ts), valor, valorNum: Number(valor) };
            }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps NaN, ±Infinity, -0, equal and out-of-order timestamps', () => {
    roundTrip([
      { id: 5, ts: 1000, valor: 'NaN', valorNum: Number.NaN },
      { id: 6, ts: 1000, valor: 'Infinity', valorNum: Number.POSITIVE_INFINITY },
      { id: 7, ts: 999, valor: '-Infinity', valorNum: Number.NEGATIVE_INFINITY },
      { id: 8, ts: 0, valor: '-0', valorNum: -0 },
      { id: 9, ts: MAX, valor: '{"lat":1}', valorNum: null },
      { id: 4, ts: 12, valor: '0.1', valorNum: 0.1 },
    ]);
    roundTrip([]);
  });

  it('packs a regular series of two-decimal readings in under 2 bytes each', () => {
    const readings: ChunkReading[] = [];
    let value = 2000;
    for (let i = 0; i < 3600; i++) {
      value += Math.round(Math.random() * 60 - 30);
      const num = value / 100;
      readings.push({ id: 10_000 + i, ts: 1_700_000_000_000 + i * 1000, valor: String(num), valorNum: num });
    }
    const bytes = encodeChunk(readings).length;
    expect(bytes / readings.length).toBeLessThan(2);
    roundTrip(readings);
  });

  it('refuses integers a chunk cannot hold exactly', () => {
    expect(() => encodeChunk([{ id: 1, ts: 2 ** 51, valor: '1', valorNum: 1 }])).toThrow(RangeError);
  });
});
