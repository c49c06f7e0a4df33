import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { estadosPrograma, tiposSuscripcion } from '@nexo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { seedReference } from '../../platform/db/seed-reference.js';
import { AccessTokens } from '../../platform/security/access-token.js';
import { waitUntil } from '../../test/device-client.js';
import { insertFixtureUser, startServerProcess, stopServerProcess } from '../../test/server-process.js';
import { createLicensingService } from '../licensing/index.js';

const secret = 'program-crash-secret-0123456789-0123456789';
// A task of 1 minute lasts 1 s: the kill lands in the middle of the first task.
const startServer = (dataDir: string) =>
  startServerProcess(dataDir, { env: { JWT_SECRET: secret, AUTOMATION_TIME_SCALE: '60' } });

/**
 * kill -9 while a program runs: the task timers are rows of the durable scheduler, so after the
 * restart the run goes on from where it was, each task ends once and the run ends.
 */
describe('a program run across kill -9', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes the run after the restart, each task logged once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-program-crash-'));
    const setup = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
    await migrateToLatest(setup);
    await seedReference(setup);
    const userId = await insertFixtureUser(setup, 'programador');
    await createLicensingService({ db: setup }).issuePlan(userId, tiposSuscripcion.full);
    await setup.destroy();

    const first = await startServer(dataDir);
    children.push(first.child);
    const authorization = `Bearer ${await new AccessTokens(secret, 600).sign({ userId, username: 'programador', roles: [] })}`;
    const call = async (port: number, url: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const { programa } = (await call(first.httpPort, '/sv/api/programas/grabar', { nombre: 'Riego' })) as {
      programa: { id: number };
    };
    for (const nombre of ['Abrir', 'Regar', 'Cerrar']) {
      await call(first.httpPort, '/sv/api/programas/tarea/grabar', {
        idPrograma: programa.id,
        nombre,
        duracionDias: 0,
        duracionHoras: 0,
        minutos: 1,
        proximaTareaAutomatica: true,
      });
    }
    const detail = (await call(first.httpPort, '/sv/api/programas/porId', { id: programa.id })) as {
      programa: { tareas: Array<{ id: number; orden: number }> };
    };
    const firstTask = [...detail.programa.tareas].sort((a, b) => a.orden - b.orden)[0];
    await call(first.httpPort, '/sv/api/programas/ejecutar', {
      id: programa.id,
      idTareaComienza: firstTask?.id,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await stopServerProcess(first, 'SIGKILL');

    const second = await startServer(dataDir);
    children.push(second.child);
    const state = async () =>
      (await call(second.httpPort, '/sv/api/programas/porId', { id: programa.id })) as {
        programa: {
          estado: { id: number };
          historial: Array<{ fechaFinalizacion: number | null; logs: Array<{ descripcion: string }> }>;
        };
      };
    await waitUntil(
      async () => (await state()).programa.estado.id !== estadosPrograma.ejecutando,
      20_000,
      'el fin de la ejecución',
    );
    const { programa: done } = await state();
    const run = done.historial[0];
    expect(run?.fechaFinalizacion).not.toBeNull();
    const logs = (run?.logs ?? []).map((log) => log.descripcion);
    const count = (text: string) => logs.filter((line) => line === text).length;
    // Each of the three tasks started and ended once: none ran twice because of the restart.
    expect(count('Comenzó la tarea'), logs.join(' | ')).toBe(3);
    expect(count('Finalizó la tarea'), logs.join(' | ')).toBe(3);
    expect(count('Finalizó la ejecución del programa')).toBe(1);
    expect(done.historial).toHaveLength(1);
    await stopServerProcess(second);
  }, 90_000);
});
