import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { RealtimeHub } from './realtime.js';
import type { AccessTokens } from './security/access-token.js';

/** The platform pieces every module may be given. Modules receive what they need explicitly. */
export interface PlatformContext {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  hub: RealtimeHub;
  tokens: AccessTokens;
  /** onRequest guard of protected routes: it runs before body validation, so an anonymous caller learns nothing about a route but its 401. */
  requireAuth: onRequestAsyncHookHandler;
}

/** The Fastify instance modules register routes on, typed with the zod provider. */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
