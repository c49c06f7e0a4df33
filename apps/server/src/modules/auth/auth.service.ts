import { setTimeout as sleep } from 'node:timers/promises';
import { codigosError, mensajes, type TokenResponse } from '@nexo/contracts';
import type { Config } from '../../config.js';
import {
  AppError,
  badRequest,
  fieldError,
  tooManyRequests,
  unauthorized,
} from '../../platform/http/errors.js';
import type { AttemptLimiter, LoginLimiter } from '../../platform/http/rate-limit.js';
import type { AccessTokens } from '../../platform/security/access-token.js';
import { hashPassword, isWrongCurrentPassword, type UsersService, verifyPassword } from '../users/index.js';
import type { Captcha } from './captcha.js';
import type { GoogleVerifier } from './google.js';
import type { RefreshTokens } from './refresh-tokens.js';

export interface AuthDeps {
  config: Config;
  tokens: AccessTokens;
  users: UsersService;
  refreshTokens: RefreshTokens;
  captcha: Captcha;
  limiter: LoginLimiter;
  /** Password-recovery requests per username/e-mail (subject) and per IP. */
  recoveryLimiter: AttemptLimiter;
  google: GoogleVerifier | null;
}

/**
 * Whose failed logins a login counts with: the account's (however it was named: username or
 * e-mail, any letter case), or, for a name that is no account, that name's own (case-insensitive).
 * A wrong current password in a password change counts with the account's too.
 */
const accountSubject = (userId: number) => `cuenta:${userId}`;
const unknownSubject = (typed: string) => `nombre:${typed}`;

export function createAuthService(deps: AuthDeps) {
  const { users, refreshTokens, captcha, limiter, tokens, config } = deps;
  // Unknown usernames still pay for one argon2 verify, so timing does not reveal which names exist.
  const decoyHash = hashPassword('decoy-password-0');

  /** Access + refresh token and the session user. `familyId` continues a session on refresh. */
  async function issueSession(userId: number, refreshToken?: string): Promise<TokenResponse> {
    const [user, roles, blocked] = await Promise.all([
      users.sessionUser(userId),
      users.roles(userId),
      users.isBlocked(userId),
    ]);
    if (!user) throw unauthorized(mensajes.refreshInvalido, codigosError.sesionExpirada);
    if (blocked) throw new AppError(403, mensajes.usuarioBloqueado);
    const access = await tokens.sign({ userId, username: user.username, roles });
    return {
      status: 1,
      access_token: access,
      refresh_token: refreshToken ?? (await refreshTokens.issue(userId)),
      token_type: 'Bearer',
      expires_in: tokens.ttlSeconds,
      usuario: user,
    };
  }

  return {
    issueSession,

    /**
     * Username (or e-mail) + password + captcha, limited per (account, IP) and per IP. Each failure
     * is answered after a delay that grows with the pair's consecutive failures (a timer, never a
     * busy wait).
     */
    async loginWithPassword(input: { username: string; password: string; captcha: string }, ip: string) {
      const username = input.username.trim();
      const user = await users.findForLogin(username);
      const subject = user ? accountSubject(user.id) : unknownSubject(username);
      if (await limiter.isBlocked(subject, ip)) throw tooManyRequests();
      if (!(await captcha.verify(input.captcha))) throw fieldError('captcha', mensajes.captchaInvalido);
      let valid = false;
      if (user) valid = await verifyPassword(user.password_hash, input.password);
      else await verifyPassword(await decoyHash, input.password);
      if (!user || !valid) {
        await sleep(await limiter.recordFailure(subject, ip));
        throw new AppError(403, mensajes.usuarioYContrasenaIncorrectos, codigosError.passwordIncorrecto);
      }
      if (user.mail_validado !== 1) throw new AppError(403, mensajes.cuentaNoActivada);
      await limiter.recordSuccess(subject, ip);
      return issueSession(user.id);
    },

    /**
     * Forgot password: captcha first, then at most N requests per username/e-mail and per IP in the
     * window (every request counts, known or not, so the limit reveals nothing either).
     */
    async requestPasswordRecovery(input: { mail: string; captcha: string }, ip: string) {
      const subject = input.mail.trim().toLowerCase();
      if (await deps.recoveryLimiter.isBlocked(subject, ip))
        throw tooManyRequests(mensajes.demasiadasRecuperaciones);
      if (!(await captcha.verify(input.captcha))) throw fieldError('captcha', mensajes.captchaInvalido);
      await deps.recoveryLimiter.recordFailure(subject, ip);
      return users.requestPasswordRecovery(input.mail.trim());
    },

    /**
     * Logged-in password change. Wrong current passwords count like failed logins (per user and IP,
     * with the same growing delay and block), so a stolen access token cannot guess it freely.
     * Every session of the user ends (refresh and access tokens, on every instance); the caller's
     * goes on with the returned new session.
     */
    async changePassword(
      userId: number,
      input: { passwordActual?: string | null | undefined; password: string },
      ip: string,
    ): Promise<TokenResponse> {
      const subject = accountSubject(userId);
      if (await limiter.isBlocked(subject, ip)) throw tooManyRequests();
      try {
        await users.changePassword(userId, input);
      } catch (error) {
        if (isWrongCurrentPassword(error)) await sleep(await limiter.recordFailure(subject, ip));
        throw error;
      }
      await limiter.recordSuccess(subject, ip);
      return issueSession(userId);
    },

    async loginWithGoogle(idToken: string) {
      if (!config.googleClientId || !deps.google) throw badRequest(mensajes.googleNoConfigurado);
      let identity: Awaited<ReturnType<GoogleVerifier['verify']>>;
      try {
        identity = await deps.google.verify(idToken);
      } catch {
        throw new AppError(401, mensajes.googleTokenInvalido);
      }
      const user = await users.findOrCreateGoogleUser(identity);
      return issueSession(user.id);
    },

    async refresh(refreshToken: string) {
      const rotated = await refreshTokens.rotate(refreshToken);
      return issueSession(rotated.userId, rotated.refreshToken);
    },

    async logout(refreshToken: string | undefined) {
      if (refreshToken) await refreshTokens.revokeFamilyOf(refreshToken);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
