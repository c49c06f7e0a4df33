import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from './db/client.js';
import type { AccessGuard } from './http/auth-guard.js';
import type { Mailer } from './mail/mailer.js';
import type { RealtimeHub } from './realtime.js';
import type { AccessTokens } from './security/access-token.js';
import type { SessionRevocations } from './security/revocations.js';

/** The platform pieces every module may be given. Modules receive what they need explicitly. */
export interface PlatformContext {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  hub: RealtimeHub;
  tokens: AccessTokens;
  /**
   * Ended sessions (blocked account, password change): access tokens issued before are refused,
   * and listeners (STOMP) close what the user holds open. The one place such events go.
   */
  revocations: SessionRevocations;
  /**
   * The access guard every request goes through (routes declare `config.acceso`); modules plug in
   * the API-token lookup (auth) and the platform roles (users).
   */
  access: AccessGuard;
}

/** The Fastify instance modules register routes on, typed with the zod provider. */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
