import {
  AccessTokenInputSchema,
  CambiarPasswordInputSchema,
  CambiarPasswordResponseSchema,
  CaptchaChallengeSchema,
  codigosError,
  HashResponseSchema,
  LoginInputSchema,
  LogoutInputSchema,
  mensajes,
  OkSchema,
  PublicConfigSchema,
  RecuperarPasswordInputSchema,
  RegistrarInputSchema,
  RegistrarResponseSchema,
  TokenResponseSchema,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { AppError, fieldError, unauthorized } from '../../platform/http/errors.js';
import { tag } from '../../platform/http/openapi.js';
import { serverVersion } from '../../platform/version.js';
import type { UsersService } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import type { Captcha } from './captcha.js';
import { createSessionCookies } from './session-cookie.js';

export function registerAuthRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  services: { auth: AuthService; users: UsersService; captcha: Captcha; mqttPublicUrl: () => string | null },
): void {
  const { auth, users, captcha } = services;
  const tags = tag('autenticacion');
  const usuarios = tag('usuarios');
  const version = serverVersion();
  const cookies = createSessionCookies({
    production: ctx.config.nodeEnv === 'production',
    maxAgeSeconds: ctx.config.refreshTokenTtlDays * 86_400,
  });

  app.get(
    '/sv/api/config',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'La configuración pública de la instalación (Google, mapas, broker, versión)',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => ({
      status: 1 as const,
      googleClientId: ctx.config.googleClientId ?? null,
      tileUrl: ctx.config.tileUrl,
      tileAttribution: ctx.config.tileAttribution,
      publicUrl: ctx.config.publicUrl ?? null,
      mqttUrl: services.mqttPublicUrl(),
      telegramBot: ctx.config.telegram.botUsername ?? null,
      version,
    }),
  );

  // The ALTCHA widget expects the bare challenge object (no envelope).
  app.get(
    '/sv/api/captcha',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'Un desafío ALTCHA (prueba de trabajo) para el captcha',
        response: { 200: CaptchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/sv/api/login',
    {
      ...acceso('publico', [401, 403, 429]),
      schema: {
        tags,
        summary: 'Ingresa con usuario y contraseña (y captcha) o con Google',
        body: LoginInputSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const session = body.gTokenId
        ? await auth.loginWithGoogle(body.gTokenId)
        : await auth.loginWithPassword(
            { username: body.username ?? '', password: body.password ?? '', captcha: body.captcha ?? '' },
            request.ip,
          );
      return cookies.answer(request, reply, session);
    },
  );

  app.post(
    '/sv/oauth/access_token',
    {
      ...acceso('publico', [401, 403, 429]),
      schema: {
        tags,
        summary: 'Renueva la sesión con el refresh token (o ingresa con contraseña)',
        body: AccessTokenInputSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.grant_type === 'refresh_token') {
        // The web app's token is its cookie; other clients send it in the body.
        const token = body.refresh_token ?? cookies.read(request);
        if (!token) {
          if (cookies.wanted(request))
            throw unauthorized(mensajes.refreshInvalido, codigosError.sesionExpirada);
          throw fieldError('refresh_token', mensajes.requerido);
        }
        try {
          return cookies.answer(request, reply, await auth.refresh(token));
        } catch (error) {
          // A refused cookie is useless: drop it, so the app stops offering it.
          if (body.refresh_token === undefined && error instanceof AppError && error.httpStatus === 401)
            cookies.clear(request, reply);
          throw error;
        }
      }
      const session = await auth.loginWithPassword(
        { username: body.username ?? '', password: body.password ?? '', captcha: body.captcha ?? '' },
        request.ip,
      );
      return cookies.answer(request, reply, session);
    },
  );

  // No auth required: a client whose access token already expired must still be able to log out.
  // The web app logs out at /sv/oauth/logout, where its cookie is sent; both paths clear it.
  for (const url of ['/sv/api/logout', '/sv/oauth/logout']) {
    app.post(
      url,
      {
        ...acceso('publico'),
        schema: {
          tags,
          summary:
            url === '/sv/oauth/logout'
              ? 'Cierra la sesión de la cookie de la app web y la borra'
              : 'Cierra la sesión del refresh token',
          body: LogoutInputSchema.nullish(),
          response: { 200: OkSchema },
        },
      },
      async (request, reply) => {
        await auth.logout(request.body?.refresh_token ?? cookies.read(request));
        cookies.clear(request, reply);
        return { status: 1 as const };
      },
    );
  }

  // Here rather than in users: it needs the captcha and the attempt store this module owns.
  app.post(
    '/sv/usuario/recuperarPassword',
    {
      ...acceso('publico', [404, 429]),
      schema: {
        tags: usuarios,
        summary: 'Envía por correo un código para elegir una contraseña nueva',
        body: RecuperarPasswordInputSchema,
        response: { 200: HashResponseSchema },
      },
    },
    async (request) => {
      const { hash } = await auth.requestPasswordRecovery(request.body, request.ip);
      return { status: 1 as const, hash, mensaje: mensajes.codigoEnviado };
    },
  );

  // Here rather than in users: a wrong current password counts as a failed login, and the caller's
  // session goes on under new tokens.
  app.post(
    '/sv/api/usuario/cambiarPassword',
    {
      ...acceso('sesion', [429]),
      schema: {
        tags: usuarios,
        summary: 'Cambia la contraseña (pide la actual); cierra todas las sesiones y sigue con una nueva',
        body: CambiarPasswordInputSchema,
        response: { 200: CambiarPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.changePassword(request.usuario.userId, request.body, request.ip);
      return cookies.answer(request, reply, { ...session, mensaje: mensajes.passwordActualizado });
    },
  );

  app.post(
    '/sv/usuario/registrar',
    {
      ...acceso('publico', [409]),
      schema: {
        tags: usuarios,
        summary: 'Registra una cuenta con el código recibido por correo',
        body: RegistrarInputSchema,
        response: { 200: RegistrarResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await users.register(request.body);
      const session = await auth.issueSession(userId);
      return cookies.answer(request, reply, { ...session, mensaje: mensajes.usuarioRegistrado });
    },
  );
}
