import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The live-value store's frames, driven by hand: requestAnimationFrame queues, performance.now is
 * a clock each widget moves forward by what it "costs".
 */
/** liveValues.ts's FRAME_BUDGET_MS. */
const BUDGET_MS = 6;

describe('liveValues frames', () => {
  let clock = 0;
  let frames: FrameRequestCallback[] = [];

  beforeEach(() => {
    vi.resetModules();
    clock = 0;
    frames = [];
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** Runs the queued frames; returns what each one took on the clock. */
  function runFrames(): number[] {
    const took: number[] = [];
    while (frames.length > 0) {
      const frame = frames.shift() as FrameRequestCallback;
      const start = clock;
      frame(clock);
      took.push(clock - start);
    }
    return took;
  }

  it('keeps a burst after many cheap frames within the frame budget', async () => {
    const { liveValues } = await import('./liveValues');
    const costMs = 0.3;
    for (let id = 1; id <= 100; id++) liveValues.subscribe(id, () => (clock += costMs));
    let fecha = 1;
    // Two sensors a frame for a while: cheap frames.
    for (let frame = 0; frame < 200; frame++) {
      liveValues.put(1 + (frame % 100), { valor: '1', fecha: fecha++ });
      liveValues.put(1 + ((frame + 50) % 100), { valor: '1', fecha: fecha++ });
      runFrames();
    }
    // Then every sensor at once.
    for (let id = 1; id <= 100; id++) liveValues.put(id, { valor: '2', fecha: fecha++ });
    const took = runFrames();
    expect(Math.max(...took)).toBeLessThanOrEqual(BUDGET_MS + costMs);
    // Every sensor was drawn, over a few frames.
    expect(took.length).toBeGreaterThanOrEqual(3);
    expect(took.reduce((sum, ms) => sum + ms, 0)).toBeCloseTo(100 * costMs, 5);
  });

  it('draws fewer widgets a frame on a slower device, and shows each one its newest value', async () => {
    const { liveValues } = await import('./liveValues');
    const shown = new Map<number, string>();
    for (let id = 1; id <= 40; id++)
      liveValues.subscribe(id, () => {
        clock += 2;
        shown.set(id, liveValues.get(id)?.valor ?? '');
      });
    for (let id = 1; id <= 40; id++) liveValues.put(id, { valor: 'a', fecha: 1 });
    // A newer value arrives before the sensor's turn: only that one is drawn.
    for (let id = 1; id <= 40; id++) liveValues.put(id, { valor: 'b', fecha: 2 });
    const took = runFrames();
    // The first frame trusts the initial estimate; after it, frames fit the budget.
    expect(Math.max(...took.slice(1))).toBeLessThanOrEqual(BUDGET_MS + 2);
    expect([...shown.values()].every((valor) => valor === 'b')).toBe(true);
    expect(shown.size).toBe(40);
  });
});
