import { tiposWidget } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { demoDevice, seedDemoDevice } from './index.js';

describe.each(engines)('demo device seed (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { overrides: { seedDemo: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the demo user the greenhouse device with its seven sensors, once', async () => {
    const demo = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const again = await seedDemoDevice(t.db);
    const devices = await t.db
      .selectFrom('devices')
      .selectAll()
      .where('apikey', '=', demoDevice.apikey)
      .execute();
    expect(devices).toHaveLength(1);
    expect(Number(devices[0]?.id)).toBe(again);
    expect(devices[0]).toMatchObject({
      nombre: 'Invernadero demo',
      secret: 'demo-secreto',
      owner_id: demo.id,
    });

    const token = await t.app.ctx.tokens.sign({ userId: Number(demo.id), username: 'demo', roles: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/sv/api/equipo/${again}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const equipo = res.json().equipo;
    expect(equipo.idRol).toBe(4);
    // Editing it shows its type (issue 11 §4): the demo device has one.
    expect(equipo.tipoEquipo).toMatchObject({ id: 2, descripcion: expect.any(String) });
    expect(equipo.sensores.map((s: { nombreNexo: string }) => s.nombreNexo)).toEqual([
      'temperatura',
      'humedad',
      'luz',
      'riego',
      'lampara',
      'gps',
      'estado',
    ]);
    const gps = equipo.sensores.find((s: { nombreNexo: string }) => s.nombreNexo === 'gps');
    expect(gps).toMatchObject({ tipoDato: { id: 2 }, variableJson: 'lat', variableLongitud: 'lng' });
    expect(gps.shadows[0].tipoWidget.id).toBe(tiposWidget.mapa);
    const riego = equipo.sensores.find((s: { nombreNexo: string }) => s.nombreNexo === 'riego');
    expect(riego).toMatchObject({ valorEncendido: '1', valorApagado: '0' });
  });

  it('does nothing without a demo user', async () => {
    const other = await buildTestApp(engine);
    try {
      expect(await seedDemoDevice(other.db)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
