import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import selfsigned from 'selfsigned';

/** A browser's side of a push subscription: its ECDH key pair and auth secret, as a browser creates them. */
export interface FakeBrowser {
  ecdh: ECDH;
  /** The subscription's keys as the web sends them to grabarPushSuscripcion. */
  key: string;
  auth: string;
  /** Decrypts an aes128gcm push body the way the browser does. */
  decrypt(body: Buffer): string;
}

export function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    key: ecdh.getPublicKey().toString('base64url'),
    auth,
    decrypt: (body) =>
      (ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }) as Buffer).toString(
        'utf8',
      ),
  };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 over HTTPS (web-push only speaks https) with a certificate made for the
 * test. Each path answers the status set with `answer(path, status)` (201 by default) and every request
 * is kept in `received`. `agent` trusts that certificate and nothing else.
 */
export interface LocalPushService {
  origin: string;
  agent: Agent;
  received: ReceivedPush[];
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = statuses.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: pems.cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    received,
    answer: (path, status) => statuses.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
