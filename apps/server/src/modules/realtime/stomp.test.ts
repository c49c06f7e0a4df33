import { mensajes, topics } from '@nexo/contracts';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../platform/security/access-token.js';
import { createDevice, createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';
import { FrameParser, serializeFrame } from './stomp.frames.js';

/** A raw SockJS connection speaking hand-written STOMP frames, for protocol details stompjs hides. */
async function rawSockjs(baseUrl: string) {
  const sock = new SockJS(`${baseUrl}/sv/stomp`);
  const parser = new FrameParser(1_000_000);
  const frames: ReturnType<FrameParser['push']>['frames'] = [];
  let heartbeats = 0;
  let closed = false;
  sock.onmessage = (event: { data: string }) => {
    const parsed = parser.push(event.data);
    frames.push(...parsed.frames);
    heartbeats += parsed.heartbeats;
  };
  sock.onclose = () => {
    closed = true;
  };
  await new Promise<void>((resolve) => {
    sock.onopen = () => resolve();
  });
  const waitUntil = async (check: () => boolean, timeoutMs = 5000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > timeoutMs) throw new Error(`timeout: ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    send: (command: string, headers: Record<string, string>, body = '') =>
      sock.send(serializeFrame({ command, headers, body }, command !== 'CONNECT')),
    sendRaw: (data: string) => sock.send(data),
    frames,
    heartbeats: () => heartbeats,
    closed: () => closed,
    waitUntil,
    close: () => sock.close(),
  };
}

describe('STOMP frame codec', () => {
  it('parses frames split across chunks, heart-beats and escaped headers', () => {
    const parser = new FrameParser(10_000);
    const first = parser.push('\nSUBSCRIBE\nid:a\\cb\ndestination:/topic/1\n\n');
    expect(first.frames).toHaveLength(0);
    expect(first.heartbeats).toBe(1);
    const second = parser.push('\u0000\r\nSEND\ncontent-length:4\n\na\u0000b!\u0000');
    expect(second.frames).toEqual([
      { command: 'SUBSCRIBE', headers: { id: 'a:b', destination: '/topic/1' }, body: '' },
      { command: 'SEND', headers: { 'content-length': '4' }, body: 'a\u0000b!' },
    ]);
    expect(second.heartbeats).toBe(1);
  });

  it('refuses an oversized frame', () => {
    const parser = new FrameParser(100);
    expect(() => parser.push(`SEND\n\n${'x'.repeat(200)}`)).toThrow();
  });
});

describe.each(engines)('STOMP over SockJS at /sv/stomp (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let stranger: TestUser;
  let deviceId: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    owner = await createUser(t);
    stranger = await createUser(t);
    deviceId = (await createDevice(t, owner)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers hub events to a subscriber of its device topic with subscription and message ids', async () => {
    const stomp = await connectStomp(baseUrl, owner.accessToken);
    stomp.subscribe(`/topic/${deviceId}`);
    stomp.subscribe(`/topic/user${owner.id}`);
    // The SUBSCRIBE is processed asynchronously (role check); publish until it lands.
    const event = {
      tipo: 'sensor.valor' as const,
      idEquipo: deviceId,
      idSensor: 7,
      valor: '21.5',
      valorNumerico: 21.5,
      fecha: Date.now(),
    };
    const timer = setInterval(() => t.app.ctx.hub.publish(topics.equipo(deviceId), event), 50);
    const body = await stomp.waitFor(`/topic/${deviceId}`).finally(() => clearInterval(timer));
    expect(body).toEqual(event);
    const message = stomp.messages[0];
    expect(message?.headers.subscription).toBeTruthy();
    expect(message?.headers['message-id']).toBeTruthy();
    t.app.ctx.hub.publish(topics.usuario(owner.id), { tipo: 'token.actualizado' });
    await stomp.waitFor(`/topic/user${owner.id}`, (b) => b.tipo === 'token.actualizado');
    await stomp.close();
  });

  it('answers SUBSCRIBE to a foreign device with an ERROR frame and closes', async () => {
    const stomp = await connectStomp(baseUrl, stranger.accessToken);
    stomp.subscribe(`/topic/${deviceId}`);
    const error = await stomp.waitForError();
    expect(error.headers.message).toBe(mensajes.sinPermiso);
    await stomp.close();
  });

  it("refuses another user's topic and program topics", async () => {
    for (const destination of [`/topic/user${owner.id}`, '/topic/pro1', '/queue/x']) {
      const stomp = await connectStomp(baseUrl, stranger.accessToken);
      stomp.subscribe(destination);
      const error = await stomp.waitForError();
      expect(error.headers.message).toBe(mensajes.sinPermiso);
      await stomp.close();
    }
  });

  it('refuses CONNECT without a valid bearer token', async () => {
    await expect(connectStomp(baseUrl, null)).rejects.toThrow(mensajes.noAutenticado);
    await expect(connectStomp(baseUrl, 'not-a-jwt')).rejects.toThrow(mensajes.noAutenticado);
  });

  it('ends the session with ERROR when the token expires', async () => {
    // JWT expiry has a one-second resolution: a 3 s token is valid for at least 2 s, enough to
    // connect on a loaded machine, and ends well inside the wait below.
    const shortLived = new AccessTokens(t.app.ctx.config.jwtSecret, 3);
    const token = await shortLived.sign({ userId: owner.id, username: owner.username, roles: [] });
    const stomp = await connectStomp(baseUrl, token);
    const error = await stomp.waitForError(8000);
    expect(error.headers.message).toBe(mensajes.sesionExpirada);
    await stomp.close();
  });

  it('negotiates version and heart-beats, answers RECEIPT and DISCONNECT', async () => {
    const raw = await rawSockjs(baseUrl);
    raw.send('CONNECT', {
      'accept-version': '1.1,1.2',
      host: 'nexo',
      'heart-beat': '100,100',
      Authorization: `Bearer ${owner.accessToken}`,
    });
    await raw.waitUntil(() => raw.frames.length > 0);
    const connected = raw.frames[0];
    expect(connected?.command).toBe('CONNECTED');
    expect(connected?.headers.version).toBe('1.2');
    expect(connected?.headers['heart-beat']).toMatch(/^\d+,\d+$/);
    raw.send('SUBSCRIBE', { id: 's1', destination: `/topic/${deviceId}`, receipt: 'r1' });
    await raw.waitUntil(() => raw.frames.some((f) => f.command === 'RECEIPT'));
    expect(raw.frames.find((f) => f.command === 'RECEIPT')?.headers['receipt-id']).toBe('r1');
    // A subscription id with a colon travels escaped both ways (STOMP 1.2 value encoding).
    raw.send('SUBSCRIBE', { id: 'a:b', destination: `/topic/user${owner.id}`, receipt: 'r2' });
    await raw.waitUntil(() => raw.frames.some((f) => f.headers['receipt-id'] === 'r2'));
    t.app.ctx.hub.publish(topics.usuario(owner.id), { tipo: 'token.actualizado' });
    await raw.waitUntil(() => raw.frames.some((f) => f.command === 'MESSAGE'));
    const message = raw.frames.find((f) => f.command === 'MESSAGE');
    expect(message?.headers.subscription).toBe('a:b');
    expect(JSON.parse(message?.body ?? '{}')).toEqual({ tipo: 'token.actualizado' });
    raw.send('DISCONNECT', { receipt: 'bye' });
    await raw.waitUntil(() => raw.frames.some((f) => f.headers['receipt-id'] === 'bye'));
    await raw.waitUntil(() => raw.closed());
  });

  it('sends heart-beats to a client that asked for them', async () => {
    const raw = await rawSockjs(baseUrl);
    raw.send('CONNECT', {
      'accept-version': '1.2',
      'heart-beat': '0,50',
      Authorization: `Bearer ${owner.accessToken}`,
    });
    await raw.waitUntil(() => raw.frames.length > 0);
    // The server offers 10 s, so the negotiated interval is max(10 s, 50 ms); check the header only.
    expect(raw.frames[0]?.headers['heart-beat']).toBe('10000,10000');
    raw.close();
  });

  it('rate-limits a flood of frames with ERROR and close', async () => {
    const raw = await rawSockjs(baseUrl);
    raw.send('CONNECT', { 'accept-version': '1.2', Authorization: `Bearer ${owner.accessToken}` });
    await raw.waitUntil(() => raw.frames.length > 0);
    let flood = '';
    for (let i = 0; i < 1500; i++) {
      flood += serializeFrame({ command: 'UNSUBSCRIBE', headers: { id: `x${i}` }, body: '' });
    }
    raw.sendRaw(flood);
    await raw.waitUntil(() => raw.frames.some((f) => f.command === 'ERROR'));
    expect(raw.frames.find((f) => f.command === 'ERROR')?.headers.message).toBe(mensajes.demasiadosIntentos);
    await raw.waitUntil(() => raw.closed());
  });

  it('answers a malformed frame with ERROR', async () => {
    const raw = await rawSockjs(baseUrl);
    raw.sendRaw('connect lower case\n\n\u0000');
    await raw.waitUntil(() => raw.frames.some((f) => f.command === 'ERROR'));
    await raw.waitUntil(() => raw.closed());
  });
});
