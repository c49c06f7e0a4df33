import { describe, expect, it } from 'vitest';
import { createLoopDelayMonitor } from './loop-delay.js';

describe('createLoopDelayMonitor', () => {
  it('reports the delay of a blocked event loop in the window that saw it', async () => {
    const monitor = createLoopDelayMonitor(300);
    expect(monitor.last()).toEqual({ p99Ms: 0, maxMs: 0 });
    await new Promise((r) => setTimeout(r, 50));
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // Blocks the loop for 120 ms.
    }
    // Windows rotate every 300 ms: watch them for a second and keep the largest reported.
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = Math.max(seen, monitor.last().maxMs);
    }
    expect(seen).toBeGreaterThanOrEqual(100);
    monitor.close();
  });
});
