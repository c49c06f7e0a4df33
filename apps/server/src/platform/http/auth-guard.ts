import {
  type AlcanceTokenApi,
  alcanceCubre,
  type CodigoError,
  codigosError,
  mensajes,
  prefijoTokenApi,
  rolesUsuario,
} from '@nexo/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { type AccessClaims, type AccessTokens, bearerToken } from '../security/access-token.js';
import type { Acceso } from './access.js';
import { AppError, forbidden } from './errors.js';
import type { AttemptStore } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the access guard on routes that need a session or an API token. */
    usuario: AccessClaims;
    /** The API token the caller used, when it used one instead of a session. */
    tokenApi?: { id: number };
  }
}

/** What the auth module answers about a presented API token (`nexo_pat_…`). */
export interface ApiTokenCheck {
  /**
   * The token's owner as a session would carry them, its scopes and its id; null when the token
   * is unknown, expired, revoked, or its owner is blocked. Records the use (time and address).
   */
  verify(
    secret: string,
    ip: string,
  ): Promise<{ id: number; claims: AccessClaims; alcances: AlcanceTokenApi[] } | null>;
}

export interface AccessGuardOptions {
  tokens: AccessTokens;
  /** Counters for the per-token request limit (memory, or Redis with REDIS_URL). */
  store: AttemptStore;
  /** Requests one API token may make per minute. */
  apiTokenPerMinute: number;
  now?: () => number;
}

export interface AccessGuard {
  /** The onRequest hook of the whole app: it reads the route's `config.acceso`. */
  hook: onRequestAsyncHookHandler;
  /** The auth module plugs in the API-token lookup (until then every API token is refused). */
  useApiTokens(check: ApiTokenCheck): void;
  /** The users module's platform-role lookup, for `admin` routes (until then they are refused). */
  usePlatformRoles(hasRole: (userId: number, rol: string) => Promise<boolean>): void;
}

const unauthenticated = (
  reply: FastifyReply,
  mensaje: string,
  codigo: CodigoError = codigosError.sesionExpirada,
) => {
  reply.header('www-authenticate', 'Bearer realm="nexo"');
  return new AppError(401, mensaje, codigo);
};

/**
 * The one place both kinds of bearer are checked. Every route declares `config.acceso`
 * (platform/http/access.ts); for the classes that need a caller this hook runs before body
 * validation, so an anonymous caller gets 401 and learns nothing else about the route.
 * - `sesion`, `admin`: a session's access token; an API token gets 403.
 * - `lectura`, `comandos`, `gestion`: a session, or an API token (`nexo_pat_…`) whose scopes
 *   cover the route (403 otherwise), at most `apiTokenPerMinute` calls a minute per token (429
 *   with Retry-After). The token is looked up on every call, so a revoked one is refused at once
 *   on every instance.
 * - `admin`: ROLE_ADMIN read from the account now, not from the token, which may be minutes old.
 * - the rest (`publico`, `dispositivo`, `webhook`, `metricas`, `broker`): the route checks its own
 *   credential. A route that declares nothing is treated as `sesion` if its path is under /sv/api
 *   (plugins' routes, such as the docs and the web's files, are public).
 */
export function createAccessGuard(options: AccessGuardOptions): AccessGuard {
  const { tokens, store } = options;
  const now = options.now ?? Date.now;
  let apiTokens: ApiTokenCheck | undefined;
  let hasRole: ((userId: number, rol: string) => Promise<boolean>) | undefined;

  async function withApiToken(request: FastifyRequest, reply: FastifyReply, secret: string, acceso: Acceso) {
    if (acceso === 'sesion' || acceso === 'admin') throw forbidden(mensajes.tokenApiSoloSesion);
    const token = apiTokens ? await apiTokens.verify(secret, request.ip) : null;
    if (!token) throw unauthenticated(reply, mensajes.tokenApiInvalido, codigosError.generico);
    if (!alcanceCubre(token.alcances, acceso as AlcanceTokenApi))
      throw forbidden(mensajes.tokenApiFueraDeAlcance);
    // A fixed one-minute window per token; Retry-After is the rest of the window.
    const t = now();
    const minute = Math.floor(t / 60_000);
    const count = await store.increment(`pat:${token.id}:${minute}`, 61);
    if (count > options.apiTokenPerMinute) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(((minute + 1) * 60_000 - t) / 1000))));
      throw new AppError(429, mensajes.tokenApiDemasiadas);
    }
    request.usuario = token.claims;
    request.tokenApi = { id: token.id };
  }

  const hook: onRequestAsyncHookHandler = async (request, reply) => {
    if (request.is404) return;
    const acceso: Acceso =
      request.routeOptions.config.acceso ??
      (request.routeOptions.url?.startsWith('/sv/api/') ? 'sesion' : 'publico');
    if (
      acceso !== 'sesion' &&
      acceso !== 'admin' &&
      acceso !== 'lectura' &&
      acceso !== 'comandos' &&
      acceso !== 'gestion'
    )
      return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated(reply, mensajes.noAutenticado);
    if (token.startsWith(prefijoTokenApi)) {
      await withApiToken(request, reply, token, acceso);
      return;
    }
    const result = await tokens.verify(token);
    if (!result.ok) throw unauthenticated(reply, mensajes.sesionExpirada);
    request.usuario = result.claims;
    if (acceso === 'admin' && !(hasRole && (await hasRole(result.claims.userId, rolesUsuario.admin))))
      throw forbidden();
  };

  return {
    hook,
    useApiTokens(check) {
      apiTokens = check;
    },
    usePlatformRoles(lookup) {
      hasRole = lookup;
    },
  };
}
