import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue, type VerifiedNotification } from './gateway.js';

/** Notifications older than this are refused: a captured one cannot be replayed later. */
export const notificationMaxAgeMs = 5 * 60_000;

/**
 * MercadoPago's webhook signature: header `x-signature: ts=<ts>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`). The sandbox signs its own
 * notifications the same way, so one check serves both.
 */
export function signMercadoPago(input: { dataId: string; requestId: string; ts: number; secret: string }) {
  const manifest = `id:${input.dataId};request-id:${input.requestId};ts:${input.ts};`;
  const v1 = createHmac('sha256', input.secret).update(manifest).digest('hex');
  return `ts=${input.ts},v1=${v1}`;
}

function dataIdOf(query: Record<string, unknown>, body: unknown): string | null {
  const fromQuery = query['data.id'];
  if (typeof fromQuery === 'string' && fromQuery.length > 0 && fromQuery.length <= 64) return fromQuery;
  if (typeof body === 'object' && body !== null && 'data' in body) {
    const data = (body as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null && 'id' in data) {
      const id = (data as { id?: unknown }).id;
      if ((typeof id === 'string' || typeof id === 'number') && String(id).length <= 64) return String(id);
    }
  }
  return null;
}

function typeOf(query: Record<string, unknown>, body: unknown): string | null {
  if (typeof query.type === 'string') return query.type;
  if (typeof body === 'object' && body !== null && 'type' in body) {
    const type = (body as { type?: unknown }).type;
    if (typeof type === 'string') return type;
  }
  return null;
}

export function verifyMercadoPagoSignature(input: {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  secret: string;
  now?: number;
}): VerifiedNotification | null {
  const signature = headerValue(input.headers, 'x-signature');
  const requestId = headerValue(input.headers, 'x-request-id');
  const dataId = dataIdOf(input.query, input.body);
  if (!signature || !requestId || !dataId || requestId.length > 128) return null;
  const type = typeOf(input.query, input.body);
  if (type !== 'payment' && type !== 'subscription_authorized_payment' && type !== 'subscription_preapproval')
    return null;
  const parts = new Map(
    signature.split(',').map((part) => {
      const [key = '', value = ''] = part.split('=', 2);
      return [key.trim(), value.trim()] as const;
    }),
  );
  const ts = Number(parts.get('ts'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isFinite(ts) || !/^[0-9a-f]{64}$/.test(v1)) return null;
  // MercadoPago writes ts in milliseconds in some notifications and seconds in others.
  const tsMs = ts > 1e12 ? ts : ts * 1000;
  if (Math.abs((input.now ?? Date.now()) - tsMs) > notificationMaxAgeMs) return null;
  // The manifest uses data.id lower-cased when it is alphanumeric (MercadoPago's rule).
  const manifestId = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const expected =
    signMercadoPago({ dataId: manifestId, requestId, ts, secret: input.secret }).split('v1=')[1] ?? '';
  const given = Buffer.from(v1, 'hex');
  const wanted = Buffer.from(expected, 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  return { notificationId: requestId, type, dataId };
}
