import { timingSafeEqual } from 'node:crypto';
import {
  codigosError,
  MqttAclBodySchema,
  MqttAuthBodySchema,
  MqttEventBodySchema,
  mensajes,
} from '@nexo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HttpApp } from '../../platform/context.js';
import type { CredentialGuard } from '../../platform/device-gateway.js';
import { acceso } from '../../platform/http/access.js';
import { unauthorized } from '../../platform/http/errors.js';
import { maySubscribe, otaReportTopic, publishTopicOf } from './mqtt.acl.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || v4.startsWith('127.');
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const HookAnswer = z.object({
  result: z.enum(['allow', 'deny']),
  ok: z.boolean(),
  is_superuser: z.boolean(),
});

/**
 * The hook an external broker calls to authenticate devices and check the ACL (scale-out):
 * EMQX's HTTP authenticator/authorizer and mosquitto-go-auth's HTTP backend. Allowed: HTTP
 * 200 `{result:"allow", ok:true}`; refused: 403 `{result:"deny", ok:false}` (docs/deploy.md).
 * Registered only with an external broker (MQTT_URL). With `hookSecret` set (MQTT_HOOK_SECRET), a
 * call without header X-Nexo-Hook-Secret equal to it gets 401 before anything is looked up; with
 * `loopbackOnly` (MQTT_HOOK_LOOPBACK_ONLY) a caller whose TCP peer is not loopback gets 403
 * (the socket's address, never X-Forwarded-For). Wrong device credentials at /sv/mqtt/auth count
 * in the device-credential guard, per apikey from the device's address (`peerhost`) and per
 * address; when the broker does not send `peerhost`, per apikey through that broker only, so
 * one guesser cannot block every device behind the broker's single address.
 */
export function registerMqttAuthRoutes(
  app: HttpApp,
  deps: {
    findDevice(apikey: string): Promise<{ apikey: string; secret: string } | null>;
    service: { username: string | undefined; password: string | undefined };
    hookSecret: string | undefined;
    loopbackOnly: boolean;
    credentialGuard: CredentialGuard;
    /** A device session started or ended at the external broker (EMQX webhook). */
    onClientEvent?: (apikey: string, connected: boolean) => Promise<void>;
  },
): void {
  const isService = (username: string) =>
    Boolean(deps.service.username) && username === deps.service.username;
  const allow = (superuser = false) => ({ result: 'allow' as const, ok: true, is_superuser: superuser });
  const deny = { result: 'deny' as const, ok: false, is_superuser: false };
  const hide = { hide: true };
  const { hookSecret, loopbackOnly, credentialGuard } = deps;
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    // A refusal the broker understands: 403 with the hook's deny answer.
    if (loopbackOnly && !isLoopback(request.raw.socket.remoteAddress)) return reply.code(403).send(deny);
    if (!hookSecret) return;
    const sent = request.headers['x-nexo-hook-secret'];
    if (typeof sent !== 'string' || !same(sent, hookSecret)) {
      throw unauthorized(mensajes.secretoHookInvalido, codigosError.generico);
    }
  };

  app.post(
    '/sv/mqtt/auth',
    {
      ...acceso('broker'),
      onRequest,
      schema: { ...hide, body: MqttAuthBodySchema, response: { 200: HookAnswer, 403: HookAnswer } },
    },
    async (request, reply) => {
      const { username, password, peerhost } = request.body;
      if (isService(username)) {
        return deps.service.password && same(password, deps.service.password)
          ? allow(true)
          : reply.code(403).send(deny);
      }
      const ip = peerhost || `${request.ip}#${username}`;
      const device = username ? await deps.findDevice(username) : null;
      if (device && same(password, device.secret)) {
        await credentialGuard.succeeded(username, ip);
        return allow();
      }
      await credentialGuard.failed(username, ip);
      return reply.code(403).send(deny);
    },
  );

  app.post(
    '/sv/mqtt/superuser',
    {
      ...acceso('broker'),
      onRequest,
      schema: {
        ...hide,
        body: MqttAuthBodySchema.pick({ username: true }),
        response: { 200: HookAnswer, 403: HookAnswer },
      },
    },
    async (request, reply) => (isService(request.body.username) ? allow(true) : reply.code(403).send(deny)),
  );

  app.post(
    '/sv/mqtt/acl',
    {
      ...acceso('broker'),
      onRequest,
      schema: { ...hide, body: MqttAclBodySchema, response: { 200: HookAnswer, 403: HookAnswer } },
    },
    async (request, reply) => {
      const { username, topic, action, acc } = request.body;
      if (isService(username)) return allow(true);
      const device = username ? await deps.findDevice(username) : null;
      if (!device) return reply.code(403).send(deny);
      const publishing = action === 'publish' || acc === 2;
      const subscribing = action === 'subscribe' || acc === 1 || acc === 4;
      const ok =
        (publishing &&
          (publishTopicOf(device.apikey, topic) !== null || topic === otaReportTopic(device.apikey))) ||
        (subscribing && maySubscribe(device.apikey, topic));
      return ok ? allow() : reply.code(403).send(deny);
    },
  );

  app.post(
    '/sv/mqtt/evento',
    { ...acceso('broker'), onRequest, schema: { ...hide, body: MqttEventBodySchema } },
    async (request, reply) => {
      const { event, username } = request.body;
      const connected = event === 'client.connected' ? true : event === 'client.disconnected' ? false : null;
      if (connected !== null && username && !isService(username))
        await deps.onClientEvent?.(username, connected);
      return reply.code(204).send();
    },
  );
}
