import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TelemetryDirectory } from '../devices/index.js';
import { createLocalHub } from '../realtime/index.js';
import type { LookupCache } from './telemetry.cache.js';
import { createConnectionTracker } from './telemetry.connection.js';

/** A tracker over in-memory fakes, in external-broker mode (presence from values). */
function setup(newestValueAt: () => number | null) {
  const connected = new Map<number, boolean>();
  const repository = {
    setDeviceConnected: async (id: number, value: boolean) => {
      connected.set(id, value);
    },
    setSensorsConnected: async () => {},
    newestValueAt: async () => newestValueAt(),
    resetAllConnected: async () => {},
  } as unknown as TelemetryDirectory;
  const entry = Promise.resolve({
    device: { id: 1, apikey: 'k', secret: 's', ownerId: 1, conectado: false },
    sensorsByTopic: new Map(),
  });
  const cache = { byDeviceId: () => entry, peek: () => entry } as unknown as LookupCache;
  const tracker = createConnectionTracker({
    directory: repository,
    cache,
    hub: createLocalHub(),
    log: pino({ level: 'silent' }),
    staleSeconds: 0,
    presenceTimeoutSeconds: 0.3,
  });
  return { tracker, connected };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('presence with an external broker', () => {
  it('keeps a device online while another instance stores its values, then marks it offline', async () => {
    let newest: number | null = Date.now();
    const { tracker, connected } = setup(() => newest);
    tracker.start();
    tracker.reported(1, [10], Date.now());
    await sleep(50);
    expect(connected.get(1)).toBe(true);
    // This instance hears nothing more, but the database shows fresh values from the other one, a
    // few every 50 ms (well inside the 0.3 s timeout even when a busy machine delays the timers).
    for (let i = 0; i < 20; i++) {
      newest = Date.now();
      await sleep(50);
    }
    expect(connected.get(1)).toBe(true);
    // Now the device is silent everywhere.
    newest = Date.now() - 10_000;
    await sleep(1200);
    expect(connected.get(1)).toBe(false);
    await tracker.stop();
  });
});
