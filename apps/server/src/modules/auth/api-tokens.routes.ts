import {
  CrearTokenApiInputSchema,
  IdBodySchema,
  mensajes,
  OkSchema,
  TokenApiCreadoAnswerSchema,
  TokensApiAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso, entero } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { ApiTokens } from './api-tokens.service.js';

/**
 * The user's personal API tokens (perfil → Tokens de API; docs/api-tokens.md). Session only: a
 * token never lists, creates or revokes tokens.
 */
export function registerApiTokensRoutes(app: HttpApp, apiTokens: ApiTokens): void {
  const tags = tag('autenticacion');

  app.get(
    '/sv/api/tokens',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Los tokens de API del usuario: creación, vencimiento, último uso y su IP',
        response: { 200: TokensApiAnswerSchema },
      },
    },
    async (request) => ({ status: 1 as const, tokens: await apiTokens.list(request.usuario.userId) }),
  );

  app.post(
    '/sv/api/tokens',
    {
      ...acceso('sesion', [409]),
      schema: {
        tags,
        summary: 'Crea un token de API; la respuesta trae el token, que no se vuelve a mostrar',
        body: CrearTokenApiInputSchema,
        response: { 200: TokenApiCreadoAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await apiTokens.create(request.usuario.userId, request.body)),
      mensaje: mensajes.tokenApiCreado,
    }),
  );

  app.delete(
    `/sv/api/tokens/:id${entero}`,
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Revoca un token de API: deja de funcionar en el acto, en todas las instancias',
        params: IdBodySchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await apiTokens.revoke(request.usuario.userId, request.params.id);
      return { status: 1 as const };
    },
  );
}
