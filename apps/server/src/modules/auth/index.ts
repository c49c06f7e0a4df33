// Auth: login (password + ALTCHA captcha, or Google), refresh-token rotation, logout, registration,
// personal API tokens (owns `refresh_tokens` and `api_tokens`).
// Public API: registerAuthModule(app, ctx, deps) builds and registers everything; createRefreshTokens
// and createApiTokens for revoking sessions and tokens; GoogleVerifier to inject a fake in tests.
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import {
  createAttemptLimiter,
  createAttemptStore,
  createLoginLimiter,
} from '../../platform/http/rate-limit.js';
import type { UsersService } from '../users/index.js';
import { registerApiTokensRoutes } from './api-tokens.routes.js';
import type { ApiTokens } from './api-tokens.service.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createCaptcha } from './captcha.js';
import { createGoogleVerifier, type GoogleVerifier } from './google.js';
import type { RefreshTokens } from './refresh-tokens.js';

export { type ApiTokens, createApiTokens } from './api-tokens.service.js';
export { type AuthService, createAuthService } from './auth.service.js';
export { type Captcha, createCaptcha } from './captcha.js';
export { createGoogleVerifier, type GoogleIdentity, type GoogleVerifier } from './google.js';
export { createRefreshTokens, type RefreshTokens } from './refresh-tokens.js';

export async function registerAuthModule(
  app: HttpApp,
  ctx: PlatformContext,
  deps: {
    users: UsersService;
    refreshTokens: RefreshTokens;
    /** Personal API tokens: their routes here, their check in the access guard. */
    apiTokens: ApiTokens;
    googleVerifier?: GoogleVerifier | undefined;
    /** The MQTT broker address shown in the widget info modal (the mqtt module's publicUrl). */
    mqttPublicUrl?: () => string | null;
  },
) {
  const { config } = ctx;
  const store = createAttemptStore(config.redisUrl);
  app.addHook('onClose', async () => store.close());
  const captcha = createCaptcha({
    hmacKey: config.altcha.hmacKey,
    maxNumber: config.altcha.maxNumber,
    store,
  });
  const limiter = createLoginLimiter(store, config.login);
  const google =
    deps.googleVerifier ?? (config.googleClientId ? createGoogleVerifier(config.googleClientId) : null);
  const auth = createAuthService({
    config,
    tokens: ctx.tokens,
    users: deps.users,
    refreshTokens: deps.refreshTokens,
    captcha,
    limiter,
    recoveryLimiter: createAttemptLimiter(
      store,
      {
        maxAttempts: config.recovery.maxPerUser,
        maxAttemptsPerIp: config.recovery.maxPerIp,
        windowSeconds: config.recovery.windowSeconds,
      },
      'recuperar',
    ),
    google,
  });
  ctx.access.useApiTokens(deps.apiTokens.check);
  registerApiTokensRoutes(app, deps.apiTokens);
  registerAuthRoutes(app, ctx, {
    auth,
    users: deps.users,
    captcha,
    mqttPublicUrl: deps.mqttPublicUrl ?? (() => null),
  });

  // Hourly housekeeping of expired refresh tokens, codes and links; errors are logged, never fatal.
  const housekeeping = setInterval(() => {
    Promise.all([deps.refreshTokens.purgeExpired(), deps.users.purgeStale()]).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'limpieza de sesiones y códigos vencidos falló'),
    );
  }, 3_600_000);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  return { auth, captcha };
}
