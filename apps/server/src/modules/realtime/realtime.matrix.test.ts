import { rolesEquipo, rolesUsuario } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, linkUserToDevice, type TestUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

/**
 * The STOMP half of the authorization matrix, with the real server and @stomp/stompjs over SockJS:
 * each destination kind against each kind of caller. A device topic needs a role on the device;
 * a user topic only its user; a program topic the program's owner; a support query's topic its owner
 * and the support team. A platform admin gets no device or user topic by being admin.
 */
describe('STOMP destinations × callers', () => {
  let t: TestApp;
  let baseUrl: string;
  const callers: Record<string, TestUser> = {};
  let deviceId = 0;
  let programId = 0;
  let consultaId = 0;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    callers.propietario = await createUser(t, { plan: 'full' });
    callers.usuario = await createUser(t);
    callers.administrador = await createUser(t);
    callers.desarrollador = await createUser(t, { roles: [rolesUsuario.desarrollador] });
    callers.extrano = await createUser(t);
    callers.adminPlataforma = await createUser(t, { roles: [rolesUsuario.admin] });
    const owner = callers.propietario;
    const device = await createDevice(t, owner);
    deviceId = device.id;
    await linkUserToDevice(t, device, callers.usuario, rolesEquipo.usuario);
    await linkUserToDevice(t, device, callers.administrador, rolesEquipo.administrador);
    await linkUserToDevice(t, device, callers.desarrollador, rolesEquipo.desarrollador);
    const program = await t.app.inject({
      method: 'POST',
      url: '/sv/api/programas/grabar',
      headers: owner.auth,
      payload: { nombre: 'Riego' },
    });
    programId = (program.json() as { programa: { id: number } }).programa.id;
    const consulta = await t.app.inject({
      method: 'POST',
      url: '/sv/api/consulta/grabar',
      headers: owner.auth,
      payload: { mensaje: 'Hola, necesito ayuda', tipoProblema: 1 },
    });
    consultaId = (consulta.json() as { pedido: { id: number } }).pedido.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function canSubscribe(caller: TestUser, destination: string): Promise<boolean> {
    const stomp = await connectStomp(baseUrl, caller.accessToken);
    try {
      return await Promise.race([
        stomp.subscribe(destination).then(() => true),
        stomp.waitForError().then(() => false),
      ]);
    } finally {
      await stomp.close();
    }
  }

  it('refuses CONNECT without a token', async () => {
    await expect(connectStomp(baseUrl, null)).rejects.toThrow();
  });

  it('grants each destination exactly to the callers the matrix names', async () => {
    const matrix: Record<string, (id: number) => { destination: string; allowed: string[] }> = {
      equipo: () => ({
        destination: `/topic/${deviceId}`,
        allowed: ['propietario', 'usuario', 'administrador', 'desarrollador'],
      }),
      usuario: () => ({ destination: `/topic/user${callers.propietario?.id}`, allowed: ['propietario'] }),
      programa: () => ({ destination: `/topic/pro${programId}`, allowed: ['propietario'] }),
      consulta: () => ({
        destination: `/topic/consulta${consultaId}`,
        allowed: ['propietario', 'adminPlataforma'],
      }),
    };
    const seen: string[] = [];
    for (const [kind, build] of Object.entries(matrix)) {
      const { destination, allowed } = build(0);
      for (const [name, caller] of Object.entries(callers)) {
        const granted = await canSubscribe(caller, destination);
        seen.push(`${kind}:${name}:${granted ? 'sí' : 'no'}`);
        expect(granted, `${name} en ${destination}`).toBe(allowed.includes(name));
      }
    }
    expect(seen).toHaveLength(4 * 6);
  }, 60_000);
});
