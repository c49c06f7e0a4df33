import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorEnvelopeSchema } from '@nexo/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { HttpApp } from '../context.js';
import { type Acceso, accesosConSesion } from './access.js';

/**
 * The OpenAPI 3.1 document at /sv/docs/json (Swagger UI at /sv/docs), generated from the routes'
 * zod contracts. Each operation states, from its route's options alone:
 * - its security, from `config.acceso` (the same word the access guard enforces);
 * - every status it can answer: its success schemas (`schema.response`), the ones its access
 *   implies (401, 403, 429 for API tokens), 400 when it validates input, 413/415 when it takes a
 *   body, the route's own `config.errores`, and 500; every error with the one `ErrorEnvelope`;
 * - its module's tag and a Spanish summary.
 * `openapi.test.ts` walks the route table and fails when an operation lacks any of these.
 */

/** One tag per module, in the order Swagger UI shows them. */
export const etiquetasModulo = {
  autenticacion: { name: 'Autenticación', description: 'Ingreso, sesión, registro y tokens de API' },
  usuarios: { name: 'Usuarios', description: 'Perfil, códigos de verificación y activación de cuentas' },
  equipos: { name: 'Equipos', description: 'Equipos, carpetas, sensores, widgets y grillas' },
  telemetria: { name: 'Telemetría', description: 'Valores en vivo, comandos y dispositivos por HTTP' },
  historial: { name: 'Historial', description: 'Lecturas, gráficos, rutas y exportación CSV' },
  vistas: { name: 'Vistas', description: 'Tableros con sensores de varios equipos' },
  grupos: { name: 'Grupos', description: 'Solicitudes de acceso y roles sobre equipos' },
  automatizacion: {
    name: 'Automatización',
    description: 'Acciones colectivas, favoritos, eventos y programas',
  },
  notificaciones: { name: 'Notificaciones', description: 'Notificaciones de la aplicación y web push' },
  firmware: {
    name: 'Firmware',
    description: 'Paquetes de firmware, despliegues por aire (OTA) y la descarga de los dispositivos',
  },
  consultas: { name: 'Consultas', description: 'Consultas de soporte y su chat' },
  tienda: { name: 'Tienda', description: 'Productos, suscripciones, compras y pagos' },
  administracion: { name: 'Administración', description: 'Inventario, usuarios, catálogo y auditoría' },
  operacion: { name: 'Operación', description: 'Salud, disponibilidad y métricas' },
} as const;
export type EtiquetaModulo = (typeof etiquetasModulo)[keyof typeof etiquetasModulo]['name'];

/** The tag list for a route's schema: `tags: tag('equipos')`. */
export const tag = (modulo: keyof typeof etiquetasModulo): [EtiquetaModulo] => [etiquetasModulo[modulo].name];

const securitySchemes = {
  sesion: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'El token de acceso de la sesión (POST /sv/api/login; dura 15 minutos y se renueva).',
  },
  tokenApi: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'nexo_pat_…',
    description:
      'Un token personal de API (perfil → Tokens de API). Alcances: lectura < comandos < gestion; cada uno incluye los anteriores.',
  },
  secretoEquipo: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Secret',
    description: 'El secret del equipo (también como ?secret=); el apikey va en la ruta.',
  },
  firmaWebhook: {
    type: 'apiKey',
    in: 'header',
    name: 'x-signature',
    description:
      'La firma del proveedor de pagos (MercadoPago: x-signature; PayPal: las cabeceras paypal-transmission-*).',
  },
  tokenMetricas: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, cuando está configurado.' },
} as const;

const security: Record<Acceso, Array<Record<string, string[]>>> = {
  publico: [],
  sesion: [{ sesion: [] }],
  admin: [{ sesion: [] }],
  lectura: [{ sesion: [] }, { tokenApi: ['lectura'] }],
  comandos: [{ sesion: [] }, { tokenApi: ['comandos'] }],
  gestion: [{ sesion: [] }, { tokenApi: ['gestion'] }],
  dispositivo: [{ secretoEquipo: [] }],
  webhook: [{ firmaWebhook: [] }],
  metricas: [{ tokenMetricas: [] }],
  broker: [],
};

/** What each error status means, as the document says it. */
export const descripcionEstado: Record<number, string> = {
  400: 'Datos inválidos: el envoltorio de error lista los campos en `errores`',
  401: 'Sin credenciales válidas (sesión vencida, token de API inválido o revocado)',
  403: 'Sin permiso: rol insuficiente, o un token de API fuera de su alcance',
  404: 'No existe, o no es accesible para quien llama',
  405: 'La ruta no admite el método (cabecera Allow)',
  409: 'Conflicto con el estado actual',
  413: 'Cuerpo demasiado grande',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiadas solicitudes (cabecera Retry-After con los tokens de API)',
  500: 'Error inesperado del servidor',
  503: 'Servicio no disponible por ahora',
};

const withBody = new Set(['POST', 'PUT', 'PATCH']);

/** The accesses a personal API token can use: each token has its per-minute limit. */
const accesosConToken = new Set<Acceso>(['lectura', 'comandos', 'gestion']);

const retryAfterHeader = {
  description: 'Segundos hasta que el token de API puede volver a llamar',
  schema: { type: 'integer', minimum: 1 },
} as const;

/** Every status a route can answer besides its success responses, from its options alone. */
export function impliedErrors(route: Pick<RouteOptions, 'method' | 'config' | 'schema'>): number[] {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const schema = (route.schema ?? {}) as FastifySchema;
  const acceso = route.config?.acceso;
  const statuses = new Set<number>(route.config?.errores ?? []);
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  if (withBody.has(String(method))) for (const s of [400, 413, 415]) statuses.add(s);
  if (acceso && accesosConSesion.has(acceso)) for (const s of [401, 403]) statuses.add(s);
  if (acceso && accesosConToken.has(acceso)) statuses.add(429);
  if (acceso === 'dispositivo' || acceso === 'webhook' || acceso === 'metricas') statuses.add(401);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** `POST /sv/api/equipo/grabar` → `postEquipoGrabar`; `/sv/api/equipo/{id}` → `getEquipoPorId`. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/sv\//, '')
    .replace(/\(.*?\)/g, '')
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `por ${part.slice(1)}` : part))
    .flatMap((part) => part.split(' '));
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

const errorResponse = (status: number) => ({
  description: descripcionEstado[status] ?? 'Error',
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
});

/** Shared components: the error envelope, and the schemas that reference themselves. */
function registerComponents(components: Record<string, ZodType>) {
  for (const [id, schema] of Object.entries(components)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

export async function registerOpenApi(
  app: HttpApp,
  options: { version: string; components?: Record<string, ZodType> },
): Promise<void> {
  registerComponents({ ErrorEnvelope: ErrorEnvelopeSchema, ...options.components });
  const zodTransform = createJsonSchemaTransform({});
  const zodTransformObject = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nexo API',
        description:
          'La API de la plataforma IoT Nexo. Cada error responde con el envoltorio `ErrorEnvelope` ' +
          '`{status: 2, codigo, mensaje, errores?}` y su estado HTTP real. Los scripts e integraciones ' +
          'usan tokens personales de API (`Authorization: Bearer nexo_pat_…`): ver docs/api-tokens.md.',
        version: options.version,
      },
      tags: Object.values(etiquetasModulo).map((t) => ({ ...t })),
      components: { securitySchemes: { ...securitySchemes } },
    },
    transform: (document) => {
      const { route, schema, url } = document;
      if (!schema || (schema as { hide?: boolean }).hide) return zodTransform(document);
      const acceso = route.config?.acceso;
      const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
      const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown>) };
      for (const status of impliedErrors(route)) response[status] ??= errorResponse(status);
      const augmented = {
        ...schema,
        operationId: operationId(method, route.url ?? url),
        response,
        ...(acceso ? { security: security[acceso] } : {}),
        ...(acceso ? { 'x-acceso': acceso } : {}),
      };
      return zodTransform({ ...document, schema: augmented as FastifySchema });
    },
    transformObject: (document) => {
      const object = zodTransformObject(document) as { paths?: Record<string, Record<string, unknown>> };
      // Fastify's route syntax for constrained parameters, `:id(^\d+$)`, reads `{id}` in the document.
      for (const operations of Object.values(object.paths ?? {})) {
        for (const operation of Object.values(operations) as Array<{
          responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
          'x-acceso'?: Acceso;
        }>) {
          for (const [status, answer] of Object.entries(operation.responses ?? {})) {
            if (answer.description === 'Default Response')
              answer.description = status.startsWith('2')
                ? 'Correcto'
                : (descripcionEstado[Number(status)] ?? 'Error');
          }
          // The API-token limit answers 429 with the seconds left in its window (auth-guard.ts).
          const throttled = operation.responses?.['429'];
          if (throttled && operation['x-acceso'] && accesosConToken.has(operation['x-acceso']))
            throttled.headers = { 'Retry-After': retryAfterHeader };
        }
      }
      return object;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/sv/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true, displayOperationId: false, tryItOutEnabled: false },
  });
}
