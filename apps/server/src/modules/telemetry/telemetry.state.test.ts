import { createConnection } from 'node:net';
import { tiposWidget } from '@nexo/contracts';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, connectDevice, mqttUrlOf, waitUntil } from '../../test/device-client.js';
import {
  createDevice,
  createSensor,
  createUser,
  sensorSaveBody,
  type TestUser,
} from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

describe.each(engines)('connection state details (%s)', (engine) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    // A 1 s stale window: a sensor of an online device goes 'SIN CONEXIÓN' after 1 s without values.
    t = await buildTestApp(engine, { config: { sensorStaleSeconds: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const readings = (sensorId: number) =>
    t.db.selectFrom('readings').select('valor').where('sensor_id', '=', sensorId).execute();

  it('accepts MQTT over WebSocket at /mqtt on the HTTP port', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });
    const wsUrl = `${baseUrlOf(t).replace('http', 'ws')}/mqtt`;
    const client = await connectDevice(wsUrl, device);
    await client.publishAsync(`${device.apikey}/temperatura`, '19.5', { qos: 1 });
    expect((await readings(sensor.id)).map((r) => r.valor)).toEqual(['19.5']);
    await client.endAsync();
  });

  it('stores the last will of a device that dies and marks it offline', async () => {
    const device = await createDevice(t, owner);
    const estado = await createSensor(t, device, { nombreNexo: 'estado', widgets: [tiposWidget.texto] });
    const stomp = await connectStomp(baseUrlOf(t), owner.accessToken);
    await stomp.subscribe(`/topic/${device.id}`);
    const client = await connectDevice(mqttUrlOf(t), device, {
      will: { topic: `${device.apikey}/estado`, payload: Buffer.from('caído'), qos: 1, retain: false },
    });
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'equipo.estado' && b.conectado === true);
    // Not a clean DISCONNECT: the socket just goes away.
    client.stream.destroy();
    client.end(true);
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'equipo.estado' && b.conectado === false);
    await waitUntil(async () => (await readings(estado.id)).length > 0, 5000, 'el last will');
    expect((await readings(estado.id)).map((r) => r.valor)).toEqual(['caído']);
    await stomp.close();
  });

  it('marks a silent sensor of an online device stale and back when it reports again', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'humedad' });
    const stomp = await connectStomp(baseUrlOf(t), owner.accessToken);
    await stomp.subscribe(`/topic/${device.id}`);
    const client = await connectDevice(mqttUrlOf(t), device);
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'sensor.conexion' && b.conectado === true);
    await stomp.waitFor(
      `/topic/${device.id}`,
      (b) => b.tipo === 'sensor.conexion' && b.idSensor === sensor.id && b.conectado === false,
      5000,
    );
    const before = stomp.messages.length;
    await client.publishAsync(`${device.apikey}/humedad`, '55', { qos: 1 });
    await waitUntil(
      () =>
        stomp.messages
          .slice(before)
          .some(
            (m) =>
              (m.body as { tipo: string; conectado?: boolean }).tipo === 'sensor.conexion' &&
              (m.body as { conectado: boolean }).conectado,
          ),
      5000,
      'el sensor de vuelta',
    );
    await client.endAsync();
    await stomp.close();
  });

  it('ends the MQTT session of a device deleted through the devices API', async () => {
    const device = await createDevice(t, owner);
    const client = await connectDevice(mqttUrlOf(t), device);
    let closed = false;
    client.on('close', () => {
      closed = true;
    });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/sv/api/equipo/eliminar',
      headers: owner.auth,
      payload: { id: device.id },
    });
    expect(deleted.statusCode).toBe(200);
    await waitUntil(() => closed, 5000, 'el cierre de la sesión');
    client.end(true);
  });

  it('picks up a sensor added through the devices API while its device is online', async () => {
    const device = await createDevice(t, owner);
    await createSensor(t, device, { nombreNexo: 'temperatura' });
    const client = await connectDevice(mqttUrlOf(t), device);
    await client.publishAsync(`${device.apikey}/temperatura`, '20', { qos: 1 });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/sv/api/equipo/agregarSensorDesarrollador',
      headers: owner.auth,
      payload: sensorSaveBody(device.id, { labelUsuario: 'Nuevo', nombreNexo: 'nuevo' }),
    });
    expect(saved.statusCode).toBe(200);
    const sensorId = Number(saved.json().sensor.id);
    await client.publishAsync(`${device.apikey}/nuevo`, '7', { qos: 1 });
    expect((await readings(sensorId)).map((r) => r.valor)).toEqual(['7']);
    // The new sensor follows its online device from its first value.
    await waitUntil(
      async () =>
        (
          await t.db
            .selectFrom('sensors')
            .select('conectado')
            .where('id', '=', sensorId)
            .executeTakeFirstOrThrow()
        ).conectado === 1,
      5000,
      'el sensor nuevo conectado',
    );
    await client.endAsync();
  });
});

describe('keepalive grace (MQTT_KEEPALIVE_GRACE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      config: {
        mqtt: {
          port: 0,
          url: undefined,
          keepaliveGrace: 2.5,
          username: undefined,
          password: undefined,
          hookSecret: undefined,
          hookLoopbackOnly: false,
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops a silent device after keepalive × the configured grace', async () => {
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const socket = createConnection(t.app.modules.mqtt.port() ?? 0, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: `lento-${device.id}`,
        keepalive: 1,
        username: device.apikey,
        password: Buffer.from(device.secret),
      }),
    );
    const conectado = async () =>
      (
        await t.db
          .selectFrom('devices')
          .select('conectado')
          .where('id', '=', device.id)
          .executeTakeFirstOrThrow()
      ).conectado;
    await waitUntil(async () => (await conectado()) === 1, 5000, 'conectado');
    const online = Date.now();
    // With MQTT's 1.5 it would be gone after 1.5 s; with 2.5 it is still there at 2 s.
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() - online)));
    expect(await conectado()).toBe(1);
    await waitUntil(async () => (await conectado()) === 0, 5000, 'desconectado');
    socket.destroy();
  });
});
