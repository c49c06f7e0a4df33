import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from '../../platform/security/access-token.js';
import { serializeFrame } from './stomp.frames.js';
import { createStompServer } from './stomp.server.js';
import { fakeTransport } from './stomp.test-support.js';

const tokens = new AccessTokens('unit-secret-0123456789-0123456789-01234', 60);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (a fixed sleep is flaky when the whole suite loads the machine). */
async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('tiempo agotado');
    await sleep(5);
  }
}

/** A STOMP server with short heart-beats and a fake client that has sent CONNECT with `heartBeat`. */
async function connectWithHeartBeat(heartBeat: string) {
  const server = createStompServer({
    tokens,
    authorize: async () => true,
    log: pino({ level: 'silent' }),
    heartbeatMs: 40,
  });
  const fake = fakeTransport();
  server.accept(fake.transport);
  const token = await tokens.sign({ userId: 1, username: 'u', roles: [] });
  fake.receive(
    serializeFrame(
      {
        command: 'CONNECT',
        headers: { 'accept-version': '1.2', 'heart-beat': heartBeat, Authorization: `Bearer ${token}` },
        body: '',
      },
      false,
    ),
  );
  return { server, fake };
}

describe('STOMP server heart-beats', () => {
  it('sends heart-beats at the negotiated interval and closes a client that went silent', async () => {
    const { server, fake } = await connectWithHeartBeat('200,40');
    await sleep(200);
    expect(fake.frames[0]?.command).toBe('CONNECTED');
    expect(fake.frames[0]?.headers['heart-beat']).toBe('40,40');
    // The server beats every max(40, 40) ms; it expects the client every max(40, 200) ms.
    expect(fake.heartbeats()).toBeGreaterThanOrEqual(2);
    // The client keeps quiet for more than twice its interval: the server drops it.
    await sleep(600);
    expect(fake.closed()).toBe(true);
    expect(server.sessionCount()).toBe(0);
  });

  it('keeps a client that sends heart-beats', async () => {
    const { server, fake } = await connectWithHeartBeat('150,0');
    for (let i = 0; i < 8; i++) {
      await sleep(30);
      fake.receive('\n');
    }
    expect(fake.closed()).toBe(false);
    // The client asked for no heart-beats from the server (second value 0).
    expect(fake.heartbeats()).toBe(0);
    server.close();
  });

  it('speaks STOMP 1.0 to a client that asks for nothing else, without heart-beats', async () => {
    const server = createStompServer({ tokens, authorize: async () => true, log: pino({ level: 'silent' }) });
    const fake = fakeTransport();
    server.accept(fake.transport);
    const token = await tokens.sign({ userId: 1, username: 'u', roles: [] });
    fake.receive(
      serializeFrame({ command: 'CONNECT', headers: { Authorization: `Bearer ${token}` }, body: '' }, false),
    );
    await until(() => fake.frames.length > 0);
    expect(fake.frames[0]?.headers.version).toBe('1.0');
    fake.receive(
      serializeFrame(
        { command: 'SUBSCRIBE', headers: { destination: '/topic/user1', receipt: 'r1' }, body: '' },
        false,
      ),
    );
    await until(() => fake.frames.length > 1);
    expect(fake.frames[1]?.command).toBe('RECEIPT');
    server.deliver('/topic/user1', { tipo: 'token.actualizado' });
    await until(() => fake.frames.length > 2);
    const message = fake.frames[2];
    expect(message?.command).toBe('MESSAGE');
    expect(message?.headers.subscription).toBe('/topic/user1');
    server.close();
  });
});
