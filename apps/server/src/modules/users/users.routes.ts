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
  InfoGralResponseSchema,
  MensajeResponseSchema,
  mensajes,
  ReenviarActivacionInputSchema,
  RolesResponseSchema,
  UsuarioResponseSchema,
} from '@nexo/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { fieldError, unauthorized } from '../../platform/http/errors.js';
import { tag } from '../../platform/http/openapi.js';
import { bearerToken } from '../../platform/security/access-token.js';
import type { UsersService } from './users.service.js';

/** Where links in e-mails point: PUBLIC_URL when set, else the host the request came to. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerUsersRoutes(app: HttpApp, ctx: PlatformContext, users: UsersService): void {
  const tags = tag('usuarios');

  app.post(
    '/sv/usuario/enviarCodigoRegistracion',
    {
      ...acceso('publico', [409, 429]),
      schema: {
        tags,
        summary: 'Envía por correo un código de verificación (registro o cambio de correo)',
        body: EnviarCodigoInputSchema,
        response: { 200: HashResponseSchema },
      },
    },
    async (request) => {
      // A logged-in caller (profile e-mail change) may keep its own address; others need a free one.
      const claims = await optionalClaims(ctx, request);
      const { hash } = await users.sendRegistrationCode(request.body.mail, claims?.userId);
      return { status: 1 as const, hash, mensaje: mensajes.codigoEnviado };
    },
  );

  app.post(
    '/sv/usuario/chequearMailExiste',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Dice si un correo ya está registrado (status 3) o libre (1)',
        body: ChequearMailInputSchema,
        response: { 200: ChequeoSchema },
      },
    },
    async (request) => ({
      status: (await users.mailExists(request.body.mail)) ? (3 as const) : (1 as const),
    }),
  );

  app.post(
    '/sv/usuario/chequearUsuarioExiste',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Dice si un nombre de usuario ya existe (status 3) o está libre (1)',
        body: ChequearUsuarioInputSchema,
        response: { 200: ChequeoSchema },
      },
    },
    async (request) => {
      const username = request.body.username || request.body.mail || '';
      return { status: (await users.usernameExists(username)) ? (3 as const) : (1 as const) };
    },
  );

  app.post(
    '/sv/usuario/activarCuenta',
    {
      ...acceso('publico', [404]),
      schema: {
        tags,
        summary: 'Activa una cuenta con el código del enlace recibido',
        body: ActivarCuentaInputSchema,
        response: { 200: MensajeResponseSchema },
      },
    },
    async (request) => {
      await users.activate(request.body.codigoMail);
      return { status: 1 as const, mensaje: mensajes.cuentaActivada };
    },
  );

  app.post(
    '/sv/usuario/reenviarActivacion',
    {
      ...acceso('publico', [404, 429]),
      schema: {
        tags,
        summary: 'Reenvía el enlace de activación',
        body: ReenviarActivacionInputSchema,
        response: { 200: MensajeResponseSchema },
      },
    },
    async (request) => {
      await users.resendActivation(request.body.codigo, publicOrigin(ctx.config, request));
      return { status: 1 as const, mensaje: mensajes.activacionReenviada };
    },
  );

  app.post(
    '/sv/usuario/cambiarPassword',
    {
      ...acceso('publico', [404]),
      schema: {
        tags,
        summary: 'Elige una contraseña nueva con el código de recuperación',
        body: CambiarPasswordInputSchema,
        response: { 200: MensajeResponseSchema },
      },
    },
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
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Catálogo de códigos telefónicos de país',
        response: { 200: CodigosPaisResponseSchema },
      },
    },
    async () => ({ status: 1 as const, codigosPais: await users.countryCodes() }),
  );

  app.get(
    '/sv/api/usuario',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'El usuario de la sesión, con su licencia',
        response: { 200: UsuarioResponseSchema },
      },
    },
    async (request) => {
      const usuario = await users.sessionUser(request.usuario.userId);
      if (!usuario) throw unauthorized(mensajes.sesionExpirada);
      return { status: 1 as const, usuario };
    },
  );

  app.get(
    '/sv/perfil/traerInfoGral',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary:
          'Perfil del usuario y resumen de su licencia: plan actual, vencimiento, uso y pruebas disponibles',
        response: { 200: InfoGralResponseSchema },
      },
    },
    async (request) => {
      const info = await users.infoGral(request.usuario.userId);
      if (!info) throw unauthorized(mensajes.sesionExpirada);
      return { status: 1 as const, ...info };
    },
  );

  app.get(
    '/sv/api/usuario/traerRoles',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Los roles de plataforma del usuario',
        response: { 200: RolesResponseSchema },
      },
    },
    async (request) => ({ status: 1 as const, roles: await users.roles(request.usuario.userId) }),
  );

  app.post(
    '/sv/api/usuario/actualizar',
    {
      ...acceso('sesion', [409]),
      schema: {
        tags,
        summary: 'Actualiza el perfil del usuario',
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
