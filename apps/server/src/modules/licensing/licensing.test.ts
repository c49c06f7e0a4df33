import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { createLicensingService } from './index.js';

describe.each(engines)('licensing (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a new user the free trial token with the trial plan limits and one month', async () => {
    const user = await createUser(t);
    const licensing = createLicensingService({ db: t.db });
    const licence = await licensing.getActiveLicence(user.id);
    expect(licence).toMatchObject({
      tipoSuscripcion: { id: 1, descripcion: 'Gratuita' },
      nombrePlan: 'Prueba gratuita',
      cantidadDispositivos: 2,
      cantidadSensores: 10,
      cantidadUsuarios: 1,
      esGratuito: true,
      permiteVistas: false,
      permiteMapa: false,
    });
    const days = ((licence?.fechaHasta ?? 0) - (licence?.fechaDesde ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('prefers a paid Full token over the trial and reports the usage counters', async () => {
    const user = await createUser(t);
    const licensing = createLicensingService({
      db: t.db,
      usage: { countFor: async () => ({ equipos: 1, sensores: 4, usuarios: 2 }) },
    });
    await licensing.issuePlan(user.id, 4);
    const licence = await licensing.getActiveLicence(user.id);
    expect(licence).toMatchObject({
      tipoSuscripcion: { id: 4 },
      esGratuito: false,
      permiteVistas: true,
      permiteMapa: true,
      fechaHasta: null,
      cantEquiposAsignados: 1,
      cantSensoresAsignados: 4,
      cantUsuariosAsignados: 2,
    });
  });

  it('gives a sub-user the parent token and the parent usage', async () => {
    const parent = await createUser(t, { plan: 'full' });
    const child = await createUser(t, { plan: 'ninguno', parentId: parent.id });
    const seen: number[] = [];
    const licensing = createLicensingService({
      db: t.db,
      usage: {
        countFor: async (ownerId) => {
          seen.push(ownerId);
          return { equipos: 0, sensores: 0, usuarios: 1 };
        },
      },
    });
    const licence = await licensing.getActiveLicence(child.id);
    expect(licence?.tipoSuscripcion.id).toBe(4);
    expect(seen).toEqual([parent.id]);
  });

  it('answers null without a token, and after the token expires', async () => {
    const licensing = createLicensingService({ db: t.db });
    const none = await createUser(t, { plan: 'ninguno' });
    expect(await licensing.getActiveLicence(none.id)).toBeNull();
    const trial = await createUser(t);
    await t.db
      .updateTable('subscription_tokens')
      .set({ fecha_hasta: Date.now() - 1000 })
      .where('user_id', '=', trial.id)
      .execute();
    expect(await licensing.getActiveLicence(trial.id)).toBeNull();
    expect((await licensing.finishExpired()).map((t) => t.userId)).toContain(trial.id);
  });

  it('seeds reference data idempotently: the five plans and the country codes once', async () => {
    const { seedReference } = await import('../../platform/db/seed-reference.js');
    await seedReference(t.db);
    const plans = await t.db.selectFrom('plans').select('tipo_suscripcion_id').execute();
    expect(plans.map((p) => p.tipo_suscripcion_id).sort()).toEqual([1, 2, 3, 4, 5]);
    const codes = await t.db.selectFrom('country_codes').select('id').execute();
    expect(codes.length).toBeGreaterThan(200);
    const argentina = await t.db
      .selectFrom('country_codes')
      .selectAll()
      .where('descripcion', '=', 'Argentina')
      .execute();
    expect(argentina).toEqual([expect.objectContaining({ codigo_pais: '+54' })]);
  });
});
