import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tiposWidget } from '@nexo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { seedReference } from '../../platform/db/seed-reference.js';
import { connectDevice } from '../../test/device-client.js';
import {
  insertFixtureDevice,
  insertFixtureUser,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process.js';

/** Starts the real server as a child process on a file SQLite database. */
const startServer = (dataDir: string) =>
  startServerProcess(dataDir, { env: { JWT_SECRET: 'durability-secret-0123456789-0123456789' } });

describe('QoS 1 durability', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('keeps every acknowledged QoS 1 reading across kill -9 of the server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-kill9-'));
    const file = path.join(dataDir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await migrateToLatest(db);
    await seedReference(db);
    const ownerId = await insertFixtureUser(db, 'durable');
    const { sensorId } = await insertFixtureDevice(
      db,
      { ownerId, nombre: 'Durable', apikey: 'durable-key', secret: 'durable-secret' },
      {},
      { nombre: 'T', tipoWidgetId: tiposWidget.termometro, min: 0, max: 50 },
    );
    await db.destroy();

    const first = await startServer(dataDir);
    children.push(first.child);
    const client = await connectDevice(`mqtt://127.0.0.1:${first.mqttPort}`, {
      apikey: 'durable-key',
      secret: 'durable-secret',
    });
    const acknowledged: string[] = [];
    // Publish concurrently so several batches are in flight; each publishAsync resolves on PUBACK.
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client
          .publishAsync('durable-key/temperatura', String(i), { qos: 1 })
          .then(() => acknowledged.push(String(i))),
      ),
    );
    await stopServerProcess(first, 'SIGKILL');
    client.end(true);
    expect(acknowledged).toHaveLength(200);

    const second = await startServer(dataDir);
    children.push(second.child);
    const check = createDb({ sqliteFile: file });
    const stored = await check
      .selectFrom('readings')
      .select('valor')
      .where('sensor_id', '=', sensorId)
      .execute();
    await check.destroy();
    const storedValues = new Set(stored.map((r) => r.valor));
    expect(acknowledged.filter((v) => !storedValues.has(v))).toEqual([]);
    const last = await fetch(
      `http://127.0.0.1:${second.httpPort}/sv/dispositivo/durable-key/temperatura?secret=durable-secret`,
    );
    expect(last.status).toBe(200);
    expect(((await last.json()) as { valor: string | null }).valor).not.toBeNull();
    await stopServerProcess(second);
  }, 120_000);
});
