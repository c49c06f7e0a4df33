import {
  DispositivoParamsSchema,
  DispositivoQuerySchema,
  DispositivoValorResponseSchema,
  EnviarDeveloperBodySchema,
  EnviarValorBodySchema,
  OkSchema,
  UltimoBodySchema,
  UltimoResponseSchema,
} from '@nexo/contracts';
import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { TelemetryService } from './telemetry.service.js';

const secretOf = (request: FastifyRequest, query: { secret?: string | undefined }) => {
  const header = request.headers['x-api-secret'];
  return (Array.isArray(header) ? header[0] : header) ?? query.secret;
};

/** The raw body of a device POST: text as sent, JSON re-serialised (a JSON string or number is its value). */
function payloadOf(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (typeof body === 'number' || typeof body === 'boolean') return Buffer.from(String(body), 'utf8');
  if (body === undefined || body === null) return Buffer.alloc(0);
  return Buffer.from(JSON.stringify(body), 'utf8');
}

export function registerTelemetryRoutes(app: HttpApp, service: TelemetryService): void {
  const tags = tag('telemetria');

  app.post(
    '/sv/api/sensor/enviarValor',
    {
      ...acceso('comandos', [404, 409]),
      schema: {
        tags,
        summary: 'Envía un valor (comando) a un sensor del equipo',
        body: EnviarValorBodySchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await service.enviarValor(request.usuario.userId, request.body.idSensor, request.body.valor);
      return { status: 1 as const };
    },
  );

  app.post(
    '/sv/api/sensor/enviarDeveloper',
    {
      ...acceso('comandos', [404, 409]),
      schema: {
        tags,
        summary: 'Envía un texto a un sensor (desarrolladores)',
        body: EnviarDeveloperBodySchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      const { idSensor, texto, longitud } = request.body;
      await service.enviarDeveloper(request.usuario.userId, idSensor, texto, longitud);
      return { status: 1 as const };
    },
  );

  app.post(
    '/sv/api/sensor/ultimo',
    {
      ...acceso('lectura', [404]),
      schema: {
        tags,
        summary: 'El último valor de un sensor y cuándo llegó',
        body: UltimoBodySchema,
        response: { 200: UltimoResponseSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      sensor: await service.ultimo(request.usuario.userId, request.body.idSensor),
    }),
  );

  // Devices without MQTT: authenticated by apikey (path) + secret (X-Api-Secret header or ?secret=).
  app.get(
    '/sv/dispositivo/:apikey/:nombreNexo',
    {
      ...acceso('dispositivo', [403, 404, 429]),
      schema: {
        tags,
        summary: 'Un dispositivo lee el último valor de uno de sus sensores',
        params: DispositivoParamsSchema,
        querystring: DispositivoQuerySchema,
        response: { 200: DispositivoValorResponseSchema },
      },
    },
    async (request) => {
      const { apikey, nombreNexo } = request.params;
      const last = await service.deviceLastValue(
        apikey,
        nombreNexo,
        secretOf(request, request.query),
        request.ip,
      );
      return { status: 1 as const, ...last };
    },
  );

  app.register(async (scoped) => {
    // Devices may post any content type; the body is the value, exactly like an MQTT payload.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    (scoped as HttpApp).post(
      '/sv/dispositivo/:apikey/:nombreNexo',
      {
        ...acceso('dispositivo', [403, 404, 429]),
        schema: {
          tags,
          summary: 'Un dispositivo publica un valor (el cuerpo es el valor, como en MQTT)',
          params: DispositivoParamsSchema,
          querystring: DispositivoQuerySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const { apikey, nombreNexo } = request.params;
        const raw = payloadOf(request.body);
        const payload = /json/i.test(request.headers['content-type'] ?? '') ? jsonPayload(raw) : raw;
        await service.devicePublish(
          apikey,
          nombreNexo,
          secretOf(request, request.query),
          payload,
          request.ip,
        );
        return { status: 1 as const };
      },
    );
  });
}

/** `"21.5"` or `21.5` as a JSON body means the value itself; objects stay JSON text. */
function jsonPayload(raw: Buffer): Buffer {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed === 'string' || typeof parsed === 'number' || typeof parsed === 'boolean') {
      return Buffer.from(String(parsed), 'utf8');
    }
  } catch {
    // Not JSON after all: the pipeline decides what it is.
  }
  return raw;
}
