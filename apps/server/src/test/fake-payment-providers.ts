import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received, as the adapter under test sent it. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  path: string;
  host: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

/**
 * A local stand-in for a payment provider's REST API (MercadoPago, PayPal): it records every
 * request and answers through the test's handler.
 */
export async function startFakeProvider(handler: Handler): Promise<{
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      if (raw && (req.headers['content-type'] ?? '').includes('json')) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const target = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: `${target.pathname}${target.search}`,
        host: target.host,
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const answer = handler(recorded) ?? { status: 404, body: { message: 'not found' } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
