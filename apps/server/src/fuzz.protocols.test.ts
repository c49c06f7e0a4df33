import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeFrame } from './modules/realtime/stomp.frames.js';
import { createStompServer } from './modules/realtime/stomp.server.js';
import { fakeTransport } from './modules/realtime/stomp.test-support.js';
import { AccessTokens } from './platform/security/access-token.js';
import { connectDevice, mqttUrlOf, waitUntil } from './test/device-client.js';
import { createDevice, createSensor, createUser } from './test/factories.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

/**
 * Fuzzing the two live protocols. MQTT: a device's real client publishes binary junk, 256 KB
 * payloads, broken JSON and unicode to its own and to foreign topics; the server stays up, refuses
 * each one on the record (no silent drop), and the next good value is stored. STOMP: random bytes,
 * unknown commands, frames without their headers and oversize bodies; the server answers ERROR or
 * closes that session only, and a proper client still connects and subscribes.
 */
describe('MQTT payload fuzzing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses junk payloads on the record and keeps storing the device's good values", async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const number = await createSensor(t, device, { nombreNexo: 'temp' });
    const json = await createSensor(t, device, { nombreNexo: 'gps', widgets: [8] });
    let client = await connectDevice(mqttUrlOf(t), device);
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(randomBytes(256 * 1024)),
      fc.constant(Buffer.from('{"lat": -34.6, "lng": ')),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => Buffer.from(s)),
      fc.constantFrom(
        Buffer.from('NaN'),
        Buffer.from('1e999'),
        Buffer.from('{}'),
        Buffer.from('[]'),
        Buffer.alloc(0),
      ),
    );
    const topic = fc.constantFrom(
      `${device.apikey}/temp`,
      `${device.apikey}/gps`,
      `${device.apikey}/no-existe`,
      'otro/temp',
    );
    /** Publishes at QoS 1; a foreign topic may cost the session (the ACL), so it reconnects when closed. */
    const publish = async (to: string, body: Buffer) => {
      if (!client.connected) client = await connectDevice(mqttUrlOf(t), device);
      await Promise.race([
        new Promise<void>((resolve) => client.publish(to, body, { qos: 1 }, () => resolve())),
        new Promise<void>((resolve) => client.once('close', () => resolve())),
        new Promise<void>((resolve) => setTimeout(resolve, 2000)),
      ]);
    };
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(topic, payload, async (to, body) => {
        await publish(to, body);
        sent += 1;
      }),
      { numRuns: 60, seed: 20261126 },
    );
    if (!client.connected) client = await connectDevice(mqttUrlOf(t), device);
    // The session survived the junk: a good value still goes through to the database.
    await new Promise<void>((resolve, reject) =>
      client.publish(`${device.apikey}/temp`, '23.5', { qos: 1 }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    await waitUntil(
      async () => {
        const rows = await t.db
          .selectFrom('readings')
          .select('valor')
          .where('sensor_id', '=', number.id)
          .execute();
        return rows.some((row) => row.valor === '23.5');
      },
      5000,
      'el valor bueno',
    );
    const rejected = t.app.modules.telemetry.stats().rejected[String(device.id)] ?? {};
    const refusedCount = Object.values(rejected).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(refusedCount).toBeGreaterThan(0);
    expect(sent).toBe(60);
    expect((await t.app.inject({ method: 'GET', url: '/sv/health/live' })).statusCode).toBe(200);
    expect(json.id).toBeGreaterThan(0);
    client.end(true);
  });
});

describe('STOMP frame fuzzing', () => {
  const tokens = new AccessTokens('fuzz-secret-0123456789-0123456789-0123', 60);
  const server = createStompServer({
    tokens,
    authorize: async () => true,
    log: pino({ level: 'silent' }),
    maxFrameChars: 64 * 1024,
  });

  const junk = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom(
      'HACK\n\n\u0000',
      'SUBSCRIBE\n\n\u0000',
      'SEND\ndestination:/topic/1\n\n\u0000',
      'CONNECT\naccept-version:9.9\n\n\u0000',
      'CONNECT\nAuthorization:Bearer x.y.z\n\n\u0000',
      `SEND\ndestination:/topic/1\ncontent-length:99999999\n\n${'x'.repeat(100_000)}\u0000`,
      '\n\n\n\n',
      '\u0000\u0000\u0000',
      `CONNECT\n${'h:v\n'.repeat(5000)}\n\u0000`,
    ),
    fc
      .record({
        command: fc.constantFrom(
          'CONNECT',
          'STOMP',
          'SUBSCRIBE',
          'UNSUBSCRIBE',
          'SEND',
          'ACK',
          'NACK',
          'BEGIN',
          'DISCONNECT',
          'FOO',
        ),
        headers: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }),
        body: fc.string({ maxLength: 100 }),
      })
      .map((frame) => serializeFrame(frame, false)),
  );

  it('answers junk with ERROR or a close, never a crash, and still serves a proper client', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(junk, { minLength: 1, maxLength: 4 }), async (chunks) => {
        const fake = fakeTransport();
        server.accept(fake.transport);
        for (const chunk of chunks) fake.receive(chunk);
        await new Promise((resolve) => setTimeout(resolve, 1));
        // Whatever came back is well-formed STOMP: CONNECTED, ERROR, RECEIPT or MESSAGE frames.
        for (const frame of fake.frames)
          expect(['CONNECTED', 'ERROR', 'RECEIPT', 'MESSAGE']).toContain(frame.command);
        fake.transport.close();
      }),
      { numRuns: 200, seed: 20261126 },
    );
    const fake = fakeTransport();
    server.accept(fake.transport);
    const token = await tokens.sign({ userId: 7, username: 'u', roles: [] });
    fake.receive(
      serializeFrame(
        {
          command: 'CONNECT',
          headers: { 'accept-version': '1.2', Authorization: `Bearer ${token}` },
          body: '',
        },
        false,
      ),
    );
    fake.receive(
      serializeFrame(
        { command: 'SUBSCRIBE', headers: { id: 's1', destination: '/topic/1', receipt: 'r1' }, body: '' },
        false,
      ),
    );
    await waitUntil(() => fake.frames.some((f) => f.command === 'RECEIPT'), 2000, 'el recibo');
    expect(fake.frames[0]?.command).toBe('CONNECTED');
    expect(fake.closed()).toBe(false);
  });
});
