import { InfoGralResponseSchema, tiposSuscripcion } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

describe.each(engines)('GET /sv/perfil/traerInfoGral (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const info = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/sv/perfil/traerInfoGral', headers });
  const planId = async (nombre: string) =>
    Number(
      (await t.db.selectFrom('plans').select('id').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id,
    );

  it('answers 401 without a session', async () => {
    expect((await info()).statusCode).toBe(401);
  });

  it('gives the profile, the current plan with its expiry and usage, and only the trials not yet taken', async () => {
    const user = await createUser(t);
    await createDevice(t, user);
    const res = await info(user.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = InfoGralResponseSchema.parse(res.json());
    expect(body.usuario).toMatchObject({ id: user.id, username: user.username });
    expect(body.licencia).toMatchObject({
      idPlan: await planId('Prueba gratuita'),
      esGratuito: true,
      tipoSuscripcion: { id: tiposSuscripcion.gratuita },
      equipos: { usados: 1 },
    });
    expect(body.licencia?.fechaHasta).toBeGreaterThan(Date.now());
    expect(body.licencia?.diasRestantes).toBeGreaterThanOrEqual(27);
    // The registration trial is used: only the other plan with a trial is still offered.
    expect(body.pruebasDisponibles).toEqual([await planId('Inicial')]);
    expect(body.puedeContratar).toBe(true);
  });

  it('a paid plan without end has no expiry; a sub-user sees the parent licence and may not buy', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const own = InfoGralResponseSchema.parse((await info(owner.auth)).json());
    expect(own.licencia).toMatchObject({ idPlan: await planId('Full'), esGratuito: false, fechaHasta: null });
    expect(own.licencia?.diasRestantes).toBeNull();
    expect(own.pruebasDisponibles).toHaveLength(2);

    const child = await createUser(t, { plan: 'ninguno', parentId: owner.id });
    const sub = InfoGralResponseSchema.parse((await info(child.auth)).json());
    expect(sub.licencia?.idPlan).toBe(await planId('Full'));
    expect(sub.pruebasDisponibles).toEqual([]);
    expect(sub.puedeContratar).toBe(false);
  });

  it('a user without licence gets null', async () => {
    const user = await createUser(t, { plan: 'ninguno' });
    const body = InfoGralResponseSchema.parse((await info(user.auth)).json());
    expect(body.licencia).toBeNull();
  });
});
