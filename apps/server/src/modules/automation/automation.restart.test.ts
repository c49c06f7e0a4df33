import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tiposSuscripcion } from '@nexo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { seedReference } from '../../platform/db/seed-reference.js';
import { waitUntil } from '../../test/device-client.js';
import { insertFixtureUser, startServerProcess, stopServerProcess } from '../../test/server-process.js';
import { createLicensingService } from '../licensing/index.js';

const startServer = (dataDir: string) =>
  startServerProcess(dataDir, { env: { JWT_SECRET: 'restart-secret-0123456789-0123456789-0123' } });

async function countByRef(file: string): Promise<Map<number, number>> {
  const db = createDb({ sqliteFile: file });
  try {
    const rows = await db.selectFrom('notifications').select('id_ref').execute();
    const out = new Map<number, number>();
    for (const r of rows) out.set(Number(r.id_ref), (out.get(Number(r.id_ref)) ?? 0) + 1);
    return out;
  } finally {
    await db.destroy();
  }
}

/** Scheduled events due while the server was down, inserted straight into its database. */
async function seed(db: Db, count: number): Promise<number[]> {
  await migrateToLatest(db);
  await seedReference(db);
  const userId = await insertFixtureUser(db, 'reinicio');
  await createLicensingService({ db }).issuePlan(userId, tiposSuscripcion.full);
  const ids: number[] = [];
  const past = Date.now() - 3_600_000;
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('events')
      .values({
        user_id: userId,
        task_id: null,
        nombre: `Evento ${i}`,
        tipo_id: 2,
        habilitado: 1,
        sensor_id: null,
        condicion_id: null,
        valor: null,
        periodo_id: 1,
        hora: 3,
        minuto: 0,
        dias_semana: null,
        dia_mes: null,
        created_at: past,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    ids.push(id);
    await db
      .insertInto('automation_actions')
      .values({
        event_id: id,
        task_id: null,
        momento: null,
        orden: 0,
        tipo_accion_id: 1,
        datos: JSON.stringify({ tiposNotificaciones: [1] }),
        minutos_espera: null,
      })
      .execute();
    await db
      .insertInto('scheduled_jobs')
      .values({ kind: 'evento.programado', ref_id: id, due_at: past + i, created_at: past })
      .execute();
  }
  return ids;
}

describe('durable scheduler across restarts', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('runs each job that came due while the server was down exactly once, also across kill -9', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-restart-'));
    const file = path.join(dataDir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    const ids = await seed(db, 40);
    await db.destroy();

    const first = await startServer(dataDir);
    children.push(first.child);
    await waitUntil(
      async () => (await countByRef(file)).size === ids.length,
      20_000,
      'los eventos pendientes',
    );
    await stopServerProcess(first, 'SIGKILL');

    const second = await startServer(dataDir);
    children.push(second.child);
    // Give the new instance a few polls: nothing already run may run again.
    await new Promise((r) => setTimeout(r, 2_500));
    const counts = await countByRef(file);
    expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
    const check = createDb({ sqliteFile: file });
    const next = await check
      .selectFrom('scheduled_jobs')
      .select('due_at')
      .where('kind', '=', 'evento.programado')
      .execute();
    await check.destroy();
    expect(next).toHaveLength(ids.length);
    expect(next.every((j) => Number(j.due_at) > Date.now())).toBe(true);
    await stopServerProcess(second);
  }, 120_000);
});
