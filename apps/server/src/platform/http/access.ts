import type { AlcanceTokenApi } from '@nexo/contracts';

/**
 * Who may call a route, declared once in its options: `config: { acceso: 'lectura' }`.
 * The access guard (auth-guard.ts) enforces it on every request, and the OpenAPI document
 * (openapi.ts) states it as the operation's security, so the two cannot disagree.
 */
export type Acceso =
  /** Anyone, with no credentials. */
  | 'publico'
  /** A session of the web app (Bearer access token). An API token gets 403. */
  | 'sesion'
  /** A session, or an API token holding this scope or a wider one (`lectura` < `comandos` < `gestion`). */
  | AlcanceTokenApi
  /** A session of an account that holds ROLE_ADMIN now (read from the account, not the token). */
  | 'admin'
  /** A device: its apikey in the path and its secret (X-Api-Secret or ?secret=), checked by the route. */
  | 'dispositivo'
  /** A payment provider's signed notification, checked by the route. */
  | 'webhook'
  /** METRICS_TOKEN as Bearer, checked by the route (open when the token is not configured). */
  | 'metricas'
  /** The external MQTT broker's hook (X-Nexo-Hook-Secret); not part of the documented API. */
  | 'broker';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see `Acceso`). Every route declares it; the route-walk test checks. */
    acceso?: Acceso;
    /**
     * The error statuses the route's own rules answer (404 unknown or foreign object, 409 conflict,
     * 429 a limit…), besides those its access and its validation already imply. They are
     * documented with the shared error envelope.
     */
    errores?: readonly number[];
  }
}

/** Options of a route by access class, to spread into its options: `{ ...acceso('lectura'), schema }`. */
export function acceso(value: Acceso, errores?: readonly number[]) {
  return { config: errores ? { acceso: value, errores } : { acceso: value } };
}

/** The access classes a bearer session or API token goes through (the guard authenticates them). */
export const accesosConSesion: ReadonlySet<Acceso> = new Set([
  'sesion',
  'lectura',
  'comandos',
  'gestion',
  'admin',
]);

/** A path segment that only matches a positive integer: `/sv/api/equipo/:id${entero}`. */
export const entero = '(^\\d+$)';
