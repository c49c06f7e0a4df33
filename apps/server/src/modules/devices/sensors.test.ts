import { codigosEquipo, mensajes, rolesEquipo, tiposWidget } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import {
  createDevice,
  createSensor,
  createUser,
  linkUserToDevice,
  sensorSaveBody,
} from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

describe.each(engines)('sensors API (%s)', (engine) => {
  const t = useTestApp(engine);
  const changed: number[] = [];
  const { post } = jsonRequests(t);
  const save = (headers: Record<string, string>, payload: unknown) =>
    post('/sv/api/equipo/agregarSensorDesarrollador', headers, payload);

  const body = sensorSaveBody;

  async function ownerWithDevice(plan: 'gratis' | 'full' | 'ninguno' = 'full') {
    const owner = await createUser(t, { plan });
    const device = await createDevice(t, owner);
    return { owner, device };
  }

  describe('agregarSensorDesarrollador: create', () => {
    it('creates a sensor with two widgets and shows it on the device', async () => {
      const { owner, device } = await ownerWithDevice();
      const res = await save(
        owner.auth,
        body(device.id, {
          calibracion: '-1.5',
          shadows: [
            { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 },
            { nombre: 'Gráfico', tipoWidget: { id: 8 }, cantidadHoras: 12 },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      const sensor = res.json().sensor;
      expect(sensor).toMatchObject({
        idEquipo: device.id,
        labelUsuario: 'Temperatura invernadero',
        calibracion: -1.5,
        nombreNexo: 'temperatura',
        tipoSensor: { id: 1, descripcion: 'Temperatura' },
        tipoDato: { id: 1 },
        variableJson: null,
        ultimoValor: null,
        conectado: false,
      });
      expect(sensor.shadows.map((s: { tipoWidget: { id: number } }) => s.tipoWidget.id)).toEqual([3, 8]);
      expect(sensor.shadows[1]).toMatchObject({ cantidadHoras: 12, valorMinReferencia: null });
      const equipo = (
        await t.app.inject({ method: 'GET', url: `/sv/api/equipo/${device.id}`, headers: owner.auth })
      ).json().equipo;
      expect(equipo.sensores.map((s: { id: number }) => s.id)).toEqual([sensor.id]);
    });

    it('creates a map sensor with JSON variables on a paid licence', async () => {
      const { owner, device } = await ownerWithDevice('full');
      const res = await save(
        owner.auth,
        body(device.id, {
          nombreNexo: 'gps',
          tipoSensor: { id: 11 },
          tipoDato: { id: 2 },
          variableJson: 'lat',
          variableLongitud: 'lng',
          shadows: [{ nombre: 'Mapa', tipoWidget: { id: tiposWidget.mapa } }],
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sensor).toMatchObject({
        tipoDato: { id: 2 },
        variableJson: 'lat',
        variableLongitud: 'lng',
      });
    });

    it('creates a toggle with its on/off values', async () => {
      const { owner, device } = await ownerWithDevice();
      const res = await save(
        owner.auth,
        body(device.id, {
          nombreNexo: 'riego',
          tipoSensor: { id: 3 },
          valorEncendido: 'ON',
          valorApagado: 'OFF',
          shadows: [{ nombre: 'Riego', tipoWidget: { id: tiposWidget.toggle } }],
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sensor).toMatchObject({ valorEncendido: 'ON', valorApagado: 'OFF' });
    });

    it("refuses a topic already used on the device: 'Nombre topic ya asignado'", async () => {
      const { owner, device } = await ownerWithDevice();
      await createSensor(t, device, { nombreNexo: 'temperatura' });
      const res = await save(owner.auth, body(device.id));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        mensaje: mensajes.nombreTopicAsignado,
        errores: [{ campo: 'nombreNexo', mensaje: mensajes.nombreTopicAsignado }],
      });
    });

    it('allows the same topic on another device', async () => {
      const { owner, device } = await ownerWithDevice();
      const other = await createDevice(t, owner);
      await createSensor(t, other, { nombreNexo: 'temperatura' });
      expect((await save(owner.auth, body(device.id))).statusCode).toBe(200);
    });

    const twoWidgets = [
      { nombre: 'Uno', tipoWidget: { id: 5 } },
      { nombre: 'Dos', tipoWidget: { id: 5 } },
    ];
    it.each([
      ['label missing', { labelUsuario: '' }, 'labelUsuario', mensajes.requerido],
      ['label too short', { labelUsuario: 'a' }, 'labelUsuario', mensajes.muyCorto],
      ['label too long', { labelUsuario: 'a'.repeat(101) }, 'labelUsuario', mensajes.max100],
      ['calibration not a number', { calibracion: 'abc' }, 'calibracion', mensajes.soloNumerosEnteros],
      ['calibration missing', { calibracion: undefined }, 'calibracion', mensajes.soloNumerosEnteros],
      ['topic missing', { nombreNexo: '' }, 'nombreNexo', mensajes.requerido],
      ['topic too short', { nombreNexo: 't' }, 'nombreNexo', mensajes.muyCorto],
      ['topic too long', { nombreNexo: 't'.repeat(101) }, 'nombreNexo', mensajes.max100],
      ['topic with a space', { nombreNexo: 'mi topic' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
      ['topic with +', { nombreNexo: 'a+b' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
      ['topic with $', { nombreNexo: '$SYS' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
      ['topic with #', { nombreNexo: 'a#' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
      ['topic with /', { nombreNexo: 'a/b' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
      ['no widgets', { shadows: [] }, 'shadows', mensajes.min1Widget],
      ['three widgets', { shadows: [...twoWidgets, twoWidgets[0]] }, 'shadows', mensajes.max2Widgets],
      [
        'widget name too short',
        { shadows: [{ nombre: 'a', tipoWidget: { id: 5 } }] },
        'shadows.0.nombre',
        mensajes.muyCorto,
      ],
      [
        'widget type missing',
        { shadows: [{ nombre: 'Sin tipo' }] },
        'shadows.0.tipoWidget',
        mensajes.requerido,
      ],
      [
        'widget type unknown',
        { shadows: [{ nombre: 'Raro', tipoWidget: { id: 9 } }] },
        'shadows.0.tipoWidget.id',
        mensajes.campoInvalido,
      ],
      [
        'gauge without min',
        { shadows: [{ nombre: 'Gauge', tipoWidget: { id: 2 }, valorMaxReferencia: 10 }] },
        'shadows.0.valorMinReferencia',
        mensajes.requerido,
      ],
      [
        'thermometer without max',
        { shadows: [{ nombre: 'Termo', tipoWidget: { id: 3 }, valorMinReferencia: 0 }] },
        'shadows.0.valorMaxReferencia',
        mensajes.requerido,
      ],
      [
        'liquid with min above max',
        {
          shadows: [
            { nombre: 'Nivel', tipoWidget: { id: 4 }, valorMinReferencia: 10, valorMaxReferencia: 5 },
          ],
        },
        'shadows.0.valorMaxReferencia',
        mensajes.maxMayorQueMin,
      ],
      [
        'dimmer with a text min',
        {
          shadows: [
            { nombre: 'Dimmer', tipoWidget: { id: 7 }, valorMinReferencia: 'x', valorMaxReferencia: 5 },
          ],
        },
        'shadows.0.valorMinReferencia',
        mensajes.soloNumeros,
      ],
      [
        'history hours out of range',
        { shadows: [{ nombre: 'Grafico', tipoWidget: { id: 8 }, cantidadHoras: 25 }] },
        'shadows.0.cantidadHoras',
        mensajes.horasInvalidas,
      ],
      ['data type missing', { tipoDato: undefined }, 'tipoDato', mensajes.requerido],
      ['JSON without variableJson', { tipoDato: { id: 2 } }, 'variableJson', mensajes.requerido],
      [
        'JSON variable with a space',
        { tipoDato: { id: 2 }, variableJson: 'la t' },
        'variableJson',
        mensajes.topicCaracteresInvalidos,
      ],
      [
        'map with plain data',
        {
          variableJson: 'lat',
          variableLongitud: 'lng',
          shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }],
        },
        'tipoDato',
        mensajes.mapaRequiereJson,
      ],
      [
        'map without variableLongitud',
        { tipoDato: { id: 2 }, variableJson: 'lat', shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }] },
        'variableLongitud',
        mensajes.requerido,
      ],
      [
        'toggle without on value',
        { valorApagado: '0', shadows: [{ nombre: 'Toggle', tipoWidget: { id: 1 } }] },
        'valorEncendido',
        mensajes.requerido,
      ],
      [
        'toggle without off value',
        { valorEncendido: '1', shadows: [{ nombre: 'Toggle', tipoWidget: { id: 1 } }] },
        'valorApagado',
        mensajes.requerido,
      ],
      [
        'toggle on value over 50',
        {
          valorEncendido: 'x'.repeat(51),
          valorApagado: '0',
          shadows: [{ nombre: 'Toggle', tipoWidget: { id: 1 } }],
        },
        'valorEncendido',
        mensajes.max50Nombre,
      ],
      [
        'an oversized on value without a toggle',
        { valorEncendido: 'x'.repeat(51) },
        'valorEncendido',
        mensajes.max50Nombre,
      ],
      ['an oversized JSON variable', { variableJson: 'x'.repeat(101) }, 'variableJson', mensajes.max100],
    ])('refuses %s with its message', async (_case, patch, campo, mensaje) => {
      const { owner, device } = await ownerWithDevice();
      const res = await save(owner.auth, body(device.id, patch));
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensaje);
      expect(res.json().errores[0]).toEqual({ campo, mensaje });
      const count = await t.db
        .selectFrom('sensors')
        .select('id')
        .where('device_id', '=', device.id)
        .execute();
      expect(count).toEqual([]);
    });

    it.each([tiposWidget.mapa, tiposWidget.grafico, tiposWidget.toggle, tiposWidget.texto])(
      'widget %i needs no min/max',
      async (tipo) => {
        const { owner, device } = await ownerWithDevice();
        const res = await save(
          owner.auth,
          body(device.id, {
            tipoDato: { id: 2 },
            variableJson: 'lat',
            variableLongitud: 'lng',
            valorEncendido: '1',
            valorApagado: '0',
            shadows: [{ nombre: 'Widget', tipoWidget: { id: tipo } }],
          }),
        );
        expect(res.statusCode).toBe(200);
      },
    );

    it('refuses an unknown sensor type', async () => {
      const { owner, device } = await ownerWithDevice();
      const res = await save(owner.auth, body(device.id, { tipoSensor: { id: 99 } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.tipoSensorInvalido);
    });

    it('refuses the map widget on a free licence', async () => {
      const { owner, device } = await ownerWithDevice('gratis');
      const res = await save(
        owner.auth,
        body(device.id, {
          tipoDato: { id: 2 },
          variableJson: 'lat',
          variableLongitud: 'lng',
          shadows: [{ nombre: 'Mapa', tipoWidget: { id: tiposWidget.mapa } }],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        codigo: codigosEquipo.mapaSoloPago,
        mensaje: mensajes.mapaSoloPago,
      });
    });
  });

  describe('licence limits on sensors', () => {
    it("refuses a sensor beyond cantidadSensores with 'No tiene permitido por su licencia agregar más sensores!'", async () => {
      const { owner, device } = await ownerWithDevice('gratis');
      // The free plan allows 10 sensors, counted over all the owner's devices.
      const second = await createDevice(t, owner);
      for (let i = 0; i < 9; i += 1) await createSensor(t, i < 5 ? device : second);
      expect((await save(owner.auth, body(device.id, { nombreNexo: 'decimo' }))).statusCode).toBe(200);
      const res = await save(owner.auth, body(device.id, { nombreNexo: 'onceavo' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        status: 2,
        codigo: codigosEquipo.licenciaSinSensores,
        mensaje: mensajes.licenciaSinSensores,
      });
    });

    it('concurrent creates never exceed cantidadSensores (check and insert are atomic)', async () => {
      const { owner, device } = await ownerWithDevice('gratis');
      // The free plan allows 10 sensors; 8 exist, so 2 slots are left for 8 simultaneous creates.
      for (let i = 0; i < 8; i += 1) await createSensor(t, device);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => save(owner.auth, body(device.id, { nombreNexo: `carrera${i}` }))),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 403, 403, 403, 403, 403, 403]);
      const rows = await t.db.selectFrom('sensors').select('id').where('device_id', '=', device.id).execute();
      expect(rows).toHaveLength(10);
    });

    it('refuses a sensor when there is no active token', async () => {
      const { owner, device } = await ownerWithDevice('ninguno');
      const res = await save(owner.auth, body(device.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().codigo).toBe(codigosEquipo.licenciaSinSensores);
    });

    it("a developer's sensor counts against the device owner's licence", async () => {
      const { device } = await ownerWithDevice('gratis');
      const developer = await createUser(t, { plan: 'full' });
      await linkUserToDevice(t, device, developer, rolesEquipo.desarrollador);
      for (let i = 0; i < 10; i += 1) await createSensor(t, device);
      const res = await save(developer.auth, body(device.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().codigo).toBe(codigosEquipo.licenciaSinSensores);
    });

    it('the licence counters follow devices, sensors and shared users', async () => {
      const owner = await createUser(t, { plan: 'full' });
      const friend = await createUser(t);
      const d1 = await createDevice(t, owner);
      const d2 = await createDevice(t, owner);
      await createSensor(t, d1);
      await createSensor(t, d1);
      await createSensor(t, d2);
      await linkUserToDevice(t, d1, friend);
      await linkUserToDevice(t, d2, friend);
      const { createDevicesService } = await import('./index.js');
      const service = createDevicesService({ db: t.db, licensing: { getActiveLicence: async () => null } });
      expect(await service.usage.countFor(owner.id)).toEqual({ equipos: 2, sensores: 3, usuarios: 1 });

      const { createLicensingService } = await import('../licensing/index.js');
      const licensingService = createLicensingService({ db: t.db, usage: service.usage });
      expect(await licensingService.getActiveLicence(owner.id)).toMatchObject({
        cantEquiposAsignados: 2,
        cantSensoresAsignados: 3,
        cantUsuariosAsignados: 1,
      });

      await post('/sv/api/equipo/eliminar', owner.auth, { id: d2.id });
      expect(await service.usage.countFor(owner.id)).toEqual({ equipos: 1, sensores: 2, usuarios: 1 });
    });

    it("a sub-user's devices count for the parent's licence", async () => {
      const parent = await createUser(t, { plan: 'full' });
      const child = await createUser(t, { plan: 'ninguno', parentId: parent.id });
      const device = await createDevice(t, child);
      await createSensor(t, device);
      const { createDevicesService } = await import('./index.js');
      const service = createDevicesService({ db: t.db, licensing: { getActiveLicence: async () => null } });
      expect(await service.usage.countFor(parent.id)).toEqual({ equipos: 1, sensores: 1, usuarios: 0 });
    });
  });

  describe('agregarSensorDesarrollador: edit', () => {
    it('edits fields and widgets: keeps, updates, adds and removes shadows', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device, {
        nombreNexo: 'temp',
        widgets: [tiposWidget.termometro, tiposWidget.grafico],
      });
      const res = await save(
        owner.auth,
        body(device.id, {
          id: sensor.id,
          nombreNexo: 'temp2',
          labelUsuario: 'Nueva etiqueta',
          shadows: [
            {
              id: sensor.shadowIds[0],
              nombre: 'Gauge',
              tipoWidget: { id: 2 },
              valorMinReferencia: 0,
              valorMaxReferencia: 80,
            },
            { nombre: 'Texto', tipoWidget: { id: 5 } },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      const edited = res.json().sensor;
      expect(edited).toMatchObject({ id: sensor.id, nombreNexo: 'temp2', labelUsuario: 'Nueva etiqueta' });
      expect(edited.shadows[0]).toMatchObject({
        id: sensor.shadowIds[0],
        nombre: 'Gauge',
        valorMaxReferencia: 80,
      });
      expect(edited.shadows[1]).toMatchObject({ nombre: 'Texto', tipoWidget: { id: 5 } });
      expect(edited.shadows.map((s: { id: number }) => s.id)).not.toContain(sensor.shadowIds[1]);
    });

    it('keeps its own topic without a uniqueness error, but not a sibling topic', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device, { nombreNexo: 'propio' });
      await createSensor(t, device, { nombreNexo: 'hermano' });
      expect(
        (await save(owner.auth, body(device.id, { id: sensor.id, nombreNexo: 'propio' }))).statusCode,
      ).toBe(200);
      const res = await save(owner.auth, body(device.id, { id: sensor.id, nombreNexo: 'hermano' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.nombreTopicAsignado);
    });

    it('refuses a shadow id of another sensor', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device);
      const other = await createSensor(t, device);
      const res = await save(
        owner.auth,
        body(device.id, {
          id: sensor.id,
          nombreNexo: sensor.nombreNexo,
          shadows: [{ id: other.shadowIds[0], nombre: 'Robado', tipoWidget: { id: 5 } }],
        }),
      );
      expect(res.statusCode).toBe(400);
      const otherShadows = await t.db
        .selectFrom('shadows')
        .selectAll()
        .where('sensor_id', '=', other.id)
        .execute();
      expect(otherShadows.map((s) => s.nombre)).toEqual(['Widget 1']);
    });

    it('refuses moving a sensor to another device through idEquipo', async () => {
      const { owner, device } = await ownerWithDevice();
      const other = await createDevice(t, owner);
      const sensor = await createSensor(t, device);
      const res = await save(owner.auth, body(other.id, { id: sensor.id }));
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.sensorNoEncontrado);
    });

    it('editing does not count against the sensor limit, but adding a map on a free licence is refused', async () => {
      const { owner, device } = await ownerWithDevice('gratis');
      const sensor = await createSensor(t, device, { nombreNexo: 'lleno' });
      for (let i = 0; i < 9; i += 1) await createSensor(t, device);
      expect(
        (await save(owner.auth, body(device.id, { id: sensor.id, nombreNexo: 'lleno' }))).statusCode,
      ).toBe(200);
      const res = await save(
        owner.auth,
        body(device.id, {
          id: sensor.id,
          nombreNexo: 'lleno',
          tipoDato: { id: 2 },
          variableJson: 'lat',
          variableLongitud: 'lng',
          shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.mapaSoloPago);
    });
  });

  describe('eliminarSensorDesarrollador and actualizarLabel', () => {
    it('deletes the sensor, its widgets and its history', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device, { widgets: [3, 8] });
      const keep = await createSensor(t, device);
      await t.db
        .insertInto('readings')
        .values([
          { sensor_id: sensor.id, ts: 1, valor: '1', valor_num: 1 },
          { sensor_id: keep.id, ts: 1, valor: '2', valor_num: 2 },
        ])
        .execute();
      const res = await post('/sv/api/equipo/eliminarSensorDesarrollador', owner.auth, { id: sensor.id });
      expect(res.statusCode).toBe(200);
      expect(await t.db.selectFrom('sensors').select('id').where('id', '=', sensor.id).execute()).toEqual([]);
      expect(
        await t.db.selectFrom('shadows').select('id').where('sensor_id', '=', sensor.id).execute(),
      ).toEqual([]);
      const readings = await t.db.selectFrom('readings').select('sensor_id').where('ts', '=', 1).execute();
      expect(readings.map((r) => Number(r.sensor_id))).not.toContain(sensor.id);
      expect(readings.map((r) => Number(r.sensor_id))).toContain(keep.id);
    });

    it('renames the label and one widget', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device);
      const res = await post('/sv/api/sensor/actualizarLabel', owner.auth, {
        id: sensor.id,
        labelUsuario: 'Etiqueta nueva',
        idShadow: sensor.shadowIds[0],
        labelShadow: 'Widget nuevo',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().sensor).toMatchObject({
        labelUsuario: 'Etiqueta nueva',
        shadows: [{ nombre: 'Widget nuevo' }],
      });
    });

    it('validates the label', async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device);
      const res = await post('/sv/api/sensor/actualizarLabel', owner.auth, {
        id: sensor.id,
        labelUsuario: 'x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.muyCorto);
    });

    it("refuses renaming another sensor's widget and changes nothing", async () => {
      const { owner, device } = await ownerWithDevice();
      const sensor = await createSensor(t, device, { labelUsuario: 'Original' });
      const other = await createSensor(t, device);
      const res = await post('/sv/api/sensor/actualizarLabel', owner.auth, {
        id: sensor.id,
        labelUsuario: 'Cambiado',
        idShadow: other.shadowIds[0],
        labelShadow: 'Robado',
      });
      expect(res.statusCode).toBe(400);
      const row = await t.db
        .selectFrom('sensors')
        .select('label_usuario')
        .where('id', '=', sensor.id)
        .executeTakeFirst();
      expect(row?.label_usuario).toBe('Original');
    });
  });

  describe('notifies telemetry', () => {
    it('calls onDeviceChanged after sensor and device changes', async () => {
      const { createDevicesService } = await import('./index.js');
      const { owner, device } = await ownerWithDevice();
      changed.length = 0;
      const service = createDevicesService({
        db: t.db,
        licensing: { getActiveLicence: async () => fullLicence() },
        onDeviceChanged: (id) => changed.push(id),
      });
      const sensor = await service.sensors.save(owner.id, {
        idEquipo: device.id,
        labelUsuario: 'Luz',
        calibracion: 0,
        nombreNexo: 'luz',
        tipoSensor: { id: 7 },
        tipoDato: { id: 1 },
        shadows: [{ nombre: 'Texto', tipoWidget: { id: 5 }, cantidadHoras: 24 }],
      });
      await service.sensors.remove(owner.id, sensor.id);
      await service.devices.unlink(owner.id, device.id);
      expect(changed).toEqual([device.id, device.id, device.id]);
    });
  });
});

function fullLicence() {
  return {
    id: 1,
    tipoSuscripcion: { id: 4, descripcion: 'Full' },
    nombrePlan: 'Full',
    cantidadDispositivos: 100,
    cantidadSensores: 100,
    cantidadUsuarios: 100,
    cantEquiposAsignados: 0,
    cantSensoresAsignados: 0,
    cantUsuariosAsignados: 0,
    cancelacionSolicitada: false,
    fechaDesde: 0,
    fechaHasta: null,
    esGratuito: false,
    permiteVistas: true,
    permiteMapa: true,
  };
}
