import {
  ActivarCuentaInputSchema,
  ActualizarUsuarioInputSchema,
  ActualizarUsuarioResponseSchema,
  CambiarPasswordInputSchema,
  ChequearMailInputSchema,
  ChequearUsuarioInputSchema,
  ChequeoSchema,
  CodigosPaisResponseSchema,
  EnviarCodigoInputSchema,
  HashResponseSchema,
  MensajeResponseSchema,
  mensajes,
  ReenviarActivacionInputSchema,
  RolesResponseSchema,
  UsuarioResponseSchema,
} from '@nexo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { fieldError, unauthorized } from '../../platform/http/errors.js';
import { bearerToken } from '../../platform/security/access-token.js';
import type { UsersService } from './users.service.js';

/** Where links in e-mails point: PUBLIC_URL when set, else the host the request came to. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerUsersRoutes(app: HttpApp, ctx: PlatformContext, users: UsersService): void {
  const tags = ['usuario'];

  app.post(
    '/sv/usuario/enviarCodigoRegistracion',
    { schema: { tags, body: EnviarCodigoInputSchema, response: { 200: HashResponseSchema } } },
    async (request) => {
      // A logged-in caller (profile e-mail change) may keep its own address; others need a free one.
      const claims = await optionalClaims(ctx, request);
      const { hash } = await users.sendRegistrationCode(request.body.mail, claims?.userId);
      return { status: 1 as const, hash, mensaje: mensajes.codigoEnviado };
    },
  );

  app.post(
    '/sv/usuario/chequearMailExiste',
    { schema: { tags, body: ChequearMailInputSchema, response: { 200: ChequeoSchema } } },
    async (request) => ({
      status: (await users.mailExists(request.body.mail)) ? (3 as const) : (1 as const),
    }),
  );

  app.post(
    '/sv/usuario/chequearUsuarioExiste',
    { schema: { tags, body: ChequearUsuarioInputSchema, response: { 200: ChequeoSchema } } },
    async (request) => {
      const username = request.body.username || request.body.mail || '';
      return { status: (await users.usernameExists(username)) ? (3 as const) : (1 as const) };
    },
  );

  app.post(
    '/sv/usuario/activarCuenta',
    { schema: { tags, body: ActivarCuentaInputSchema, response: { 200: MensajeResponseSchema } } },
    async (request) => {
      await users.activate(request.body.codigoMail);
      return { status: 1 as const, mensaje: mensajes.cuentaActivada };
    },
  );

  app.post(
    '/sv/usuario/reenviarActivacion',
    { schema: { tags, body: ReenviarActivacionInputSchema, response: { 200: MensajeResponseSchema } } },
    async (request) => {
      await users.resendActivation(request.body.codigo, publicOrigin(ctx.config, request));
      return { status: 1 as const, mensaje: mensajes.activacionReenviada };
    },
  );

  app.post(
    '/sv/usuario/cambiarPassword',
    { schema: { tags, body: CambiarPasswordInputSchema, response: { 200: MensajeResponseSchema } } },
    async (request) => {
      // The public variant is always a recovery: it needs the mailed code and its hash.
      const { hash, codigo, password } = request.body;
      if (codigo === undefined || codigo === null) throw fieldError('codigo', mensajes.requerido);
      if (!hash) throw fieldError('hash', mensajes.requerido);
      await users.resetPassword({ hash, codigo, password });
      return { status: 1 as const, mensaje: mensajes.passwordActualizado };
    },
  );

  app.get(
    '/sv/usuario/codigosPais',
    { schema: { tags, response: { 200: CodigosPaisResponseSchema } } },
    async () => ({ status: 1 as const, codigosPais: await users.countryCodes() }),
  );

  const secured = { onRequest: ctx.requireAuth };
  const security = [{ bearer: [] }];

  app.get(
    '/sv/api/usuario',
    { ...secured, schema: { tags, security, response: { 200: UsuarioResponseSchema } } },
    async (request) => {
      const usuario = await users.sessionUser(request.usuario.userId);
      if (!usuario) throw unauthorized(mensajes.sesionExpirada);
      return { status: 1 as const, usuario };
    },
  );

  app.get(
    '/sv/api/usuario/traerRoles',
    { ...secured, schema: { tags, security, response: { 200: RolesResponseSchema } } },
    async (request) => ({ status: 1 as const, roles: await users.roles(request.usuario.userId) }),
  );

  app.post(
    '/sv/api/usuario/actualizar',
    {
      ...secured,
      schema: {
        tags,
        security,
        body: ActualizarUsuarioInputSchema,
        response: { 200: ActualizarUsuarioResponseSchema },
      },
    },
    async (request) => {
      const usuario = await users.updateProfile(request.usuario.userId, request.body);
      return { status: 1 as const, mensaje: mensajes.valoresActualizados, usuario };
    },
  );
}

/** The caller's claims when a valid Bearer token is present; public routes never fail on it. */
async function optionalClaims(ctx: PlatformContext, request: FastifyRequest) {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const result = await ctx.tokens.verify(token);
  return result.ok ? result.claims : null;
}
