import { readFileSync } from 'node:fs';
import {
  AccessTokenInputSchema,
  CambiarPasswordInputSchema,
  CambiarPasswordResponseSchema,
  CaptchaChallengeSchema,
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
import type { UsersService } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import type { Captcha } from './captcha.js';

function serverVersion(): string {
  try {
    // Same relative place from src/ (tests) and dist/ (build): apps/server/package.json.
    const file = new URL('../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function registerAuthRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  services: { auth: AuthService; users: UsersService; captcha: Captcha; mqttPublicUrl: () => string | null },
): void {
  const { auth, users, captcha } = services;
  const tags = ['auth'];
  const version = serverVersion();

  app.get('/sv/api/config', { schema: { tags, response: { 200: PublicConfigSchema } } }, async () => ({
    status: 1 as const,
    googleClientId: ctx.config.googleClientId ?? null,
    tileUrl: ctx.config.tileUrl,
    tileAttribution: ctx.config.tileAttribution,
    publicUrl: ctx.config.publicUrl ?? null,
    mqttUrl: services.mqttPublicUrl(),
    telegramBot: ctx.config.telegram.botUsername ?? null,
    version,
  }));

  // The ALTCHA widget expects the bare challenge object (no envelope).
  app.get(
    '/sv/api/captcha',
    { schema: { tags, response: { 200: CaptchaChallengeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/sv/api/login',
    { schema: { tags, body: LoginInputSchema, response: { 200: TokenResponseSchema } } },
    async (request) => {
      const body = request.body;
      if (body.gTokenId) return auth.loginWithGoogle(body.gTokenId);
      return auth.loginWithPassword(
        { username: body.username ?? '', password: body.password ?? '', captcha: body.captcha ?? '' },
        request.ip,
      );
    },
  );

  app.post(
    '/sv/oauth/access_token',
    { schema: { tags, body: AccessTokenInputSchema, response: { 200: TokenResponseSchema } } },
    async (request) => {
      const body = request.body;
      if (body.grant_type === 'refresh_token') return auth.refresh(body.refresh_token ?? '');
      return auth.loginWithPassword(
        { username: body.username ?? '', password: body.password ?? '', captcha: body.captcha ?? '' },
        request.ip,
      );
    },
  );

  // No auth required: a client whose access token already expired must still be able to log out.
  app.post(
    '/sv/api/logout',
    { schema: { tags, body: LogoutInputSchema.nullish(), response: { 200: OkSchema } } },
    async (request) => {
      await auth.logout(request.body?.refresh_token);
      return { status: 1 as const };
    },
  );

  // Here rather than in users: it needs the captcha and the attempt store this module owns.
  app.post(
    '/sv/usuario/recuperarPassword',
    {
      schema: {
        tags: ['usuario'],
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
  // session goes on under a new refresh token.
  app.post(
    '/sv/api/usuario/cambiarPassword',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['usuario'],
        security: [{ bearer: [] }],
        body: CambiarPasswordInputSchema,
        response: { 200: CambiarPasswordResponseSchema },
      },
    },
    async (request) => {
      const refreshToken = await auth.changePassword(request.usuario.userId, request.body, request.ip);
      return { status: 1 as const, mensaje: mensajes.passwordActualizado, refresh_token: refreshToken };
    },
  );

  app.post(
    '/sv/usuario/registrar',
    { schema: { tags: ['usuario'], body: RegistrarInputSchema, response: { 200: RegistrarResponseSchema } } },
    async (request) => {
      const userId = await users.register(request.body);
      const session = await auth.issueSession(userId);
      return { ...session, mensaje: mensajes.usuarioRegistrado };
    },
  );
}
