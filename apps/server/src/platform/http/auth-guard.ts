import { codigosError, mensajes } from '@nexo/contracts';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type AccessClaims, type AccessTokens, bearerToken } from '../security/access-token.js';
import { AppError, forbidden } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth guard on protected routes. */
    usuario: AccessClaims;
  }
}

/** preHandler for protected routes: a valid Bearer access token, or 401 (the web then refreshes once). */
export function createAuthGuard(tokens: AccessTokens): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, mensajes.noAutenticado, codigosError.sesionExpirada);
    const result = await tokens.verify(token);
    if (!result.ok) throw new AppError(401, mensajes.sesionExpirada, codigosError.sesionExpirada);
    request.usuario = result.claims;
  };
}

/** preHandler that also requires one of the platform roles (e.g. ROLE_ADMIN). */
export function requireRole(...roles: string[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.usuario?.roles.some((r) => roles.includes(r))) throw forbidden();
  };
}
