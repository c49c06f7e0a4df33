import { codigosError, mensajes } from '@nexo/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { type AccessClaims, type AccessTokens, bearerToken } from '../security/access-token.js';
import { AppError, forbidden } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth guard on protected routes. */
    usuario: AccessClaims;
  }
}

/**
 * onRequest guard of protected routes: a valid Bearer access token, or 401 (the web then refreshes
 * once). It runs before body validation, so an anonymous caller gets 401, never a validation error.
 */
export function createAuthGuard(tokens: AccessTokens): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, mensajes.noAutenticado, codigosError.sesionExpirada);
    const result = await tokens.verify(token);
    if (!result.ok) throw new AppError(401, mensajes.sesionExpirada, codigosError.sesionExpirada);
    request.usuario = result.claims;
  };
}

/**
 * Guard that requires a platform role (e.g. ROLE_ADMIN), after the auth guard. The role is read now
 * through `hasRole` (the users module's directory), not from the token, which may be minutes old.
 */
export function createRoleGuard(
  hasRole: (userId: number, rol: string) => Promise<boolean>,
  rol: string,
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.usuario || !(await hasRole(request.usuario.userId, rol))) throw forbidden();
  };
}
