import { createConnection } from 'node:net';
import { mensajes, rolesEquipo, tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, connectDevice, mqttUrlOf, waitUntil } from '../../test/device-client.js';
import {
  createDevice,
  createSensor,
  createUser,
  linkUserToDevice,
  type TestUser,
} from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp, type TestStomp } from '../../test/stomp-client.js';
import { startSimulator } from '../mqtt/simulator.js';

describe.each(engines)('device connectivity end to end (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let mqttUrl: string;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = baseUrlOf(t);
    mqttUrl = mqttUrlOf(t);
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function readingsOf(sensorId: number) {
    return t.db.selectFrom('readings').selectAll().where('sensor_id', '=', sensorId).orderBy('id').execute();
  }

  async function subscribed(deviceId: number): Promise<TestStomp> {
    const stomp = await connectStomp(baseUrl, owner.accessToken);
    await stomp.subscribe(`/topic/${deviceId}`);
    return stomp;
  }

  it('delivers an MQTT value to the STOMP subscriber of the device, stores it and updates the last value', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });
    const stomp = await connectStomp(baseUrl, owner.accessToken);
    stomp.subscribe(`/topic/${device.id}`);
    const client = await connectDevice(mqttUrl, device);
    await waitUntil(
      async () => {
        await client.publishAsync(`${device.apikey}/temperatura`, '23.5', { qos: 1 });
        return stomp.messages.some((m) => (m.body as { tipo: string }).tipo === 'sensor.valor');
      },
      5000,
      'sensor.valor',
    );
    const event = await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'sensor.valor');
    expect(event).toMatchObject({
      idEquipo: device.id,
      idSensor: sensor.id,
      valor: '23.5',
      valorNumerico: 23.5,
    });
    // The PUBACK came after the commit: the reading is there as soon as publishAsync resolved.
    await client.publishAsync(`${device.apikey}/temperatura`, '24', { qos: 1 });
    const rows = await readingsOf(sensor.id);
    expect(rows.at(-1)).toMatchObject({ valor: '24', valor_num: 24 });
    const ultimo = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/ultimo',
      headers: owner.auth,
      payload: { idSensor: sensor.id },
    });
    expect(ultimo.statusCode).toBe(200);
    expect(ultimo.json()).toMatchObject({
      status: 1,
      sensor: { id: sensor.id, ultimoValor: '24', conectado: true },
    });
    await client.endAsync();
    await stomp.close();
  });

  it('stores a QoS 0 value and a retained one, and hands neither to another MQTT session', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });
    const client = await connectDevice(mqttUrl, device);
    client.publish(`${device.apikey}/temperatura`, '11', { qos: 0 });
    await waitUntil(async () => (await readingsOf(sensor.id)).length === 1, 5000, 'QoS 0');
    await client.publishAsync(`${device.apikey}/temperatura`, '12', { qos: 1, retain: true });
    expect((await readingsOf(sensor.id)).map((r) => r.valor)).toEqual(['11', '12']);
    // A later session of the device subscribed to everything it may gets no retained value:
    // values are Nexo's to store, never relayed by the broker.
    const later = await connectDevice(mqttUrl, device);
    const received: string[] = [];
    later.on('message', (topic) => received.push(topic));
    await later.subscribeAsync(`${device.apikey}/+/set`, { qos: 1 });
    await client.publishAsync(`${device.apikey}/temperatura`, '13', { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    expect(await readingsOf(sensor.id)).toHaveLength(3);
    await later.endAsync();
    await client.endAsync();
  });

  it('refuses a wrong secret and an unknown apikey at CONNECT', async () => {
    const device = await createDevice(t, owner);
    await expect(connectDevice(mqttUrl, { apikey: device.apikey, secret: 'mal' })).rejects.toThrow(
      /username or password|Not authorized/i,
    );
    await expect(connectDevice(mqttUrl, { apikey: 'nadie', secret: device.secret })).rejects.toThrow(
      /username or password|Not authorized/i,
    );
  });

  it('drops the connection of a device publishing outside its prefix and stores nothing', async () => {
    const device = await createDevice(t, owner);
    const other = await createDevice(t, owner);
    const sensor = await createSensor(t, other, { nombreNexo: 'temperatura' });
    const client = await connectDevice(mqttUrl, device);
    let closed = false;
    client.on('close', () => {
      closed = true;
    });
    client.publish(`${other.apikey}/temperatura`, '99', { qos: 1 });
    await waitUntil(() => closed, 3000, 'cierre');
    expect(await readingsOf(sensor.id)).toHaveLength(0);
    client.end(true);
  });

  it('grants only the device /set subscriptions', async () => {
    const device = await createDevice(t, owner);
    const other = await createDevice(t, owner);
    const client = await connectDevice(mqttUrl, device);
    const own = await client.subscribeAsync(`${device.apikey}/+/set`, { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    // mqtt.js rejects a SUBACK with the failure code 128.
    await expect(client.subscribeAsync(`${other.apikey}/+/set`, { qos: 1 })).rejects.toThrow();
    await expect(client.subscribeAsync('#', { qos: 1 })).rejects.toThrow();
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('parses JSON, map and calibrated values, and drops malformed payloads without crashing', async () => {
    const device = await createDevice(t, owner);
    const json = await createSensor(t, device, { nombreNexo: 'clima' });
    await t.db
      .updateTable('sensors')
      .set({ tipo_dato: tiposDato.json, variable_json: 'temp', calibracion: -1.5 })
      .where('id', '=', json.id)
      .execute();
    const map = await createSensor(t, device, { nombreNexo: 'gps', widgets: [tiposWidget.mapa] });
    t.app.modules.deviceChanged(device.id);
    const client = await connectDevice(mqttUrl, device);
    const topic = (name: string) => `${device.apikey}/${name}`;
    await client.publishAsync(topic('clima'), '{"temp": 20, "hum": 40}', { qos: 1 });
    await client.publishAsync(topic('gps'), '{"lat": -34.6, "lng": -58.4}', { qos: 1 });
    const before = t.app.modules.telemetry.stats().rejected[String(device.id)] ?? {};
    await client.publishAsync(topic('clima'), '{"temp": 20', { qos: 1 });
    await client.publishAsync(topic('clima'), '{"hum": 1}', { qos: 1 });
    await client.publishAsync(topic('clima'), '{"temp": "caliente"}', { qos: 1 });
    await client.publishAsync(topic('clima'), Buffer.from([0xc3, 0x28]), { qos: 1 });
    await client.publishAsync(topic('clima'), Buffer.alloc(5000, 0x31), { qos: 1 });
    await client.publishAsync(topic('desconocido'), '1', { qos: 1 });
    await client.publishAsync(topic('gps'), '{"lat": "x", "lng": 1}', { qos: 1 });
    expect(client.connected).toBe(true);
    expect((await readingsOf(json.id)).map((r) => r.valor)).toEqual(['18.5']);
    expect((await readingsOf(map.id)).map((r) => r.valor)).toEqual(['{"lat":-34.6,"lng":-58.4}']);
    const after = t.app.modules.telemetry.stats().rejected[String(device.id)] ?? {};
    expect(after).toEqual({
      json: (before.json ?? 0) + 1,
      campo: (before.campo ?? 0) + 1,
      numero: (before.numero ?? 0) + 2,
      utf8: (before.utf8 ?? 0) + 1,
      tamano: (before.tamano ?? 0) + 1,
      topic: (before.topic ?? 0) + 1,
    });
    await client.endAsync();
  });

  it('marks the device and its sensors connected while the session lives and pushes the changes', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'humedad' });
    const stomp = await subscribed(device.id);
    const client = await connectDevice(mqttUrl, device);
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'equipo.estado' && b.conectado === true);
    await stomp.waitFor(
      `/topic/${device.id}`,
      (b) => b.tipo === 'sensor.conexion' && b.idSensor === sensor.id && b.conectado === true,
    );
    const row = await t.db
      .selectFrom('devices')
      .select('conectado')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.conectado).toBe(1);
    await client.endAsync();
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'equipo.estado' && b.conectado === false);
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'sensor.conexion' && b.conectado === false);
    const sensorRow = await t.db
      .selectFrom('sensors')
      .select('conectado')
      .where('id', '=', sensor.id)
      .executeTakeFirstOrThrow();
    expect(sensorRow.conectado).toBe(0);
    await stomp.close();
  });

  it('marks a silent device offline when its keepalive expires (keepalive × 1.5)', async () => {
    const device = await createDevice(t, owner);
    const stomp = await subscribed(device.id);
    // A raw TCP device that connects with keepalive 1 s and then goes silent (killed, unplugged).
    const port = t.app.modules.mqtt.port() ?? 0;
    const socket = createConnection(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: `muerto-${device.id}`,
        keepalive: 1,
        username: device.apikey,
        password: Buffer.from(device.secret),
      }),
    );
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'equipo.estado' && b.conectado === true);
    const online = Date.now();
    await stomp.waitFor(
      `/topic/${device.id}`,
      (b) => b.tipo === 'equipo.estado' && b.conectado === false,
      5000,
    );
    // Offline is announced by the keepalive check, not by a socket close.
    expect(socket.destroyed || Date.now() - online >= 1000).toBe(true);
    socket.destroy();
    await stomp.close();
  });

  it('runs a command round trip: enviarValor → device /set → the device reports → STOMP', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, {
      nombreNexo: 'riego',
      widgets: [tiposWidget.toggle],
      tipoSensorId: tiposSensor.switch,
    });
    const simulator = await startSimulator({
      url: mqttUrl,
      devices: [{ ...device, sensors: [{ topic: 'riego', kind: 'switch' }] }],
      intervalMs: 60_000,
    });
    const stomp = await subscribed(device.id);
    await waitUntil(async () => {
      const row = await t.db
        .selectFrom('devices')
        .select('conectado')
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow();
      return row.conectado === 1;
    });
    const user = await createUser(t);
    await linkUserToDevice(t, device, user, rolesEquipo.usuario);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarValor',
      headers: user.auth,
      payload: { idSensor: sensor.id, valor: '1' },
    });
    expect(sent.json()).toEqual({ status: 1 });
    await stomp.waitFor(
      `/topic/${device.id}`,
      (b) => b.tipo === 'sensor.valor' && b.idSensor === sensor.id && b.valor === '1',
    );
    expect(simulator.state(device.apikey, 'riego')).toBe('1');

    const stranger = await createUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarValor',
      headers: stranger.auth,
      payload: { idSensor: sensor.id, valor: '0' },
    });
    expect(refused.statusCode).toBe(404);
    // Developer messages need the owner level and a developer sensor.
    const developer = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarDeveloper',
      headers: user.auth,
      payload: { idSensor: sensor.id, texto: 'hola', longitud: 4 },
    });
    expect(developer.statusCode).toBe(403);
    const notDeveloperSensor = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarDeveloper',
      headers: owner.auth,
      payload: { idSensor: sensor.id, texto: 'hola', longitud: 4 },
    });
    expect(notDeveloperSensor.json().mensaje).toBe(mensajes.soloSensorDesarrollador);
    await simulator.stop();
    await stomp.close();
  });

  it('refuses a command to a disconnected device', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { widgets: [tiposWidget.toggle] });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarValor',
      headers: owner.auth,
      payload: { idSensor: sensor.id, valor: '1' },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().mensaje).toBe(mensajes.sinConexionEquipo);
  });

  it('serves the last value and accepts values over HTTP with apikey + secret', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'luz' });
    const url = `/sv/dispositivo/${device.apikey}/luz`;
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-secret': device.secret, 'content-type': 'text/plain' },
      payload: '512',
    });
    expect(posted.json()).toEqual({ status: 1 });
    const postedJson = await t.app.inject({
      method: 'POST',
      url: `${url}?secret=${device.secret}`,
      payload: { v: 1 },
    });
    expect(postedJson.statusCode).toBe(400);
    const last = await t.app.inject({
      method: 'GET',
      url: `${url}?secret=${encodeURIComponent(device.secret)}`,
    });
    expect(last.json()).toMatchObject({ status: 1, valor: '512' });
    expect(typeof last.json().fecha).toBe('number');
    const wrong = await t.app.inject({ method: 'GET', url, headers: { 'x-api-secret': 'mal' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mensaje).toBe(mensajes.credencialesDispositivoInvalidas);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/sv/dispositivo/${device.apikey}/nada`,
      headers: { 'x-api-secret': device.secret },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await readingsOf(sensor.id)).map((r) => r.valor)).toEqual(['512']);
  });

  it('publishes the real broker address for the widget info modal', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/sv/api/config' });
    expect(config.json().mqttUrl).toBe(`mqtt://localhost:${t.app.modules.mqtt.port()}`);
  });
});
