import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, connectDevice } from '../../test/device-client.js';
import { createDevice, createSensor, createUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('MQTT over WebSocket at /mqtt on the HTTP port', () => {
  let t: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${baseUrlOf(t).replace('http://', 'ws://')}/mqtt`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a QoS 1 value published by a device connected over WebSocket', async () => {
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'humedad' });
    const client = await connectDevice(wsUrl, device);
    // The PUBACK arrives only after the commit, so the reading is there once this resolves.
    await client.publishAsync(`${device.apikey}/humedad`, '61', { qos: 1 });
    const rows = await t.db.selectFrom('readings').selectAll().where('sensor_id', '=', sensor.id).execute();
    expect(rows).toMatchObject([{ valor: '61', valor_num: 61 }]);
    await client.endAsync();
  });

  it('refuses a WebSocket device with a wrong secret', async () => {
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    await expect(connectDevice(wsUrl, { apikey: device.apikey, secret: 'incorrecto' })).rejects.toThrow();
  });
});
