import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.js';

describe('start with the MQTT port taken', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
  });

  it('exits with one Spanish log line naming the port and how to choose another', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-port-'));
    const failure = await startServerProcess(dataDir, { env: { MQTT_PORT: String(port) } }).then(
      () => new Error('el servidor arrancó con el puerto MQTT ocupado'),
      (error: Error) => error,
    );
    expect(failure.message).toContain('el servidor terminó (1)');
    const fatal = failure.message.split('\n').filter((line) => line.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain(`El puerto MQTT ${port} ya está en uso`);
    expect(fatal[0]).toContain(`MQTT_PORT=${port + 1} npm start`);
    expect(fatal[0]).toContain('MQTT_PORT=0 npm start');
  }, 60_000);
});

describe('start with an external broker and open hooks', () => {
  it('exits with status 1 and one Spanish line asking for MQTT_HOOK_SECRET', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-hook-'));
    const failure = await startServerProcess(dataDir, {
      env: { MQTT_URL: 'mqtt://127.0.0.1:1', MQTT_HOOK_SECRET: '', MQTT_HOOK_LOOPBACK_ONLY: '' },
    }).then(
      () => new Error('el servidor arrancó con los hooks del broker abiertos'),
      (error: Error) => error,
    );
    expect(failure.message).toContain('el servidor terminó (1)');
    expect(failure.message).toContain(
      '  - MQTT_HOOK_SECRET: con un broker externo (MQTT_URL) defina MQTT_HOOK_SECRET, o MQTT_HOOK_LOOPBACK_ONLY=1',
    );
  }, 60_000);
});
