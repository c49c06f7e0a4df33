import { z } from 'zod';
import { mensajes } from './messages.js';

/**
 * Web push (spec 1 §7 `grabarPushSuscripcion`): the browser's PushSubscription as three strings.
 * `key` is the p256dh key (a 65-byte uncompressed P-256 point) and `auth` the 16-byte secret, in
 * base64url or plain base64 (with or without padding); the server stores them as base64url.
 */
const base64Text = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Bytes a base64 text decodes to, from its length alone (works the same in the browser and in Node). */
export function base64ByteLength(text: string): number {
  const unpadded = text.replace(/=+$/, '');
  return Math.floor((unpadded.length * 3) / 4);
}

const base64Bytes = (bytes: number) =>
  z
    .string({ error: mensajes.pushSuscripcionInvalida })
    .trim()
    .regex(base64Text, { error: mensajes.pushSuscripcionInvalida })
    .refine((value) => base64ByteLength(value) === bytes, { error: mensajes.pushSuscripcionInvalida });

export const pushLimites = { endpointMax: 2048 } as const;

/** POST /sv/api/usuario/grabarPushSuscripcion. */
export const GrabarPushSuscripcionInputSchema = z.object({
  key: base64Bytes(65),
  auth: base64Bytes(16),
  endpoint: z
    .string({ error: mensajes.pushSuscripcionInvalida })
    .trim()
    .max(pushLimites.endpointMax, { error: mensajes.pushSuscripcionInvalida })
    .pipe(z.url({ protocol: /^https$/, error: mensajes.pushEndpointInseguro })),
});
export type GrabarPushSuscripcionInput = z.infer<typeof GrabarPushSuscripcionInputSchema>;

/** GET /sv/api/notificaciones/vapidPublicKey: the applicationServerKey browsers subscribe with. */
export const VapidPublicKeyResponseSchema = z.object({ status: z.literal(1), publicKey: z.string() });

/** What the push channel sends, encrypted, to each of a user's subscriptions; the service worker shows it. */
export const PushPayloadSchema = z.object({
  titulo: z.string(),
  cuerpo: z.string(),
  url: z.string(),
  origen: z.object({ id: z.number() }),
  idRef: z.number().nullable(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
