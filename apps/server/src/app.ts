import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { mensajes } from '@nexo/contracts';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createMetrics } from './metrics.js';
import type { GoogleVerifier } from './modules/auth/index.js';
import { createRealtimeHub } from './modules/realtime/index.js';
import type { CardGateway, PaypalGateway } from './modules/shop/index.js';
import { type AppModules, registerModules } from './modules.js';
import type { HttpApp, PlatformContext } from './platform/context.js';
import { startBackupSchedule } from './platform/db/backup.js';
import { createDb, type Db } from './platform/db/client.js';
import { engineOf } from './platform/db/dialect.js';
import { migrateToLatest } from './platform/db/migrator.js';
import { createAuthGuard } from './platform/http/auth-guard.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerWeb } from './platform/http/web.js';
import { createLogger } from './platform/logger.js';
import { createLoopDelayMonitor } from './platform/loop-delay.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import type { RealtimeHub } from './platform/realtime.js';
import { requestContext } from './platform/request-context.js';
import { AccessTokens } from './platform/security/access-token.js';

/** Requests slower than this are logged at warn (the rest at debug). */
const SLOW_REQUEST_MS = 1000;

export interface AppOverrides {
  db?: Db;
  log?: Logger;
  mailer?: Mailer;
  hub?: RealtimeHub;
  /** Skip seeding (admin, demo data); catalogues and plans are always seeded. */
  seedDemo?: boolean;
  /** Replaces the Google ID-token verifier (tests). */
  googleVerifier?: GoogleVerifier;
  /** Puts a fake provider behind the shop's gateway interfaces (tests). */
  shopGateways?: { card?: CardGateway; paypal?: PaypalGateway };
}

/** The app with typed handles for tests, the benchmark and main: the platform context and the modules. */
export type App = HttpApp & {
  ctx: PlatformContext;
  modules: AppModules;
  /** Every route as registered (method and path; HEAD left out). */
  routeTable: ReadonlyArray<{ method: string; url: string; hidden: boolean }>;
};

/**
 * Builds the whole application: platform plugins first, then the domain modules.
 * Tests use it as-is with their own database and config.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const db =
    overrides.db ??
    createDb(
      config.databaseUrl
        ? {
            databaseUrl: config.databaseUrl,
            onConnectionError: (err) =>
              log.warn({ err }, 'se perdió una conexión con PostgreSQL; se reemplaza'),
          }
        : { sqliteFile: `${config.dataDir}/nexo.db` },
    );
  await migrateToLatest(db);

  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: config.mail.outboxDir,
      log,
    });
  const hub = overrides.hub ?? (await createRealtimeHub({ redisUrl: config.redisUrl, log }));

  const app = Fastify({
    loggerInstance: log,
    // Each request is logged once, when answered (below): at debug, or warn when slow.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // Client IPs feed the per-IP login limit: only trust forwarded headers behind a known proxy.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // The request id comes from the logger's mixin (request-context.ts), for request.log and every
    // module's logger alike; a binding here would write it twice.
    childLoggerFactory: (logger, bindings, options) => {
      const { reqId: _reqId, ...rest } = bindings as { reqId?: unknown };
      return logger.child(rest, options);
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as HttpApp;

  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ reqId: String(request.id) }, done);
  });

  // The route table as Fastify builds it (the authorization matrix test walks it).
  const routeTable: Array<{ method: string; url: string; hidden: boolean }> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url, hidden });
  });

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) };
    // Errors are logged where they happen (the error handler); slow answers deserve a look.
    if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'petición lenta');
    else request.log.debug(line, 'petición');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google sign-in, and the payment providers' browser SDKs (MercadoPago.js, PayPal's button).
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          'https://accounts.google.com',
          'https://sdk.mercadopago.com',
          'https://www.paypal.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: [
          "'self'",
          'https://accounts.google.com',
          'https://*.mercadopago.com',
          'https://*.mercadolibre.com',
          'https://www.paypal.com',
          'https://www.sandbox.paypal.com',
        ],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Nexo API', description: 'API de la plataforma IoT Nexo', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/sv/docs' });

  const ctx: PlatformContext = { config, db, log, mailer, hub, tokens, requireAuth: createAuthGuard(tokens) };

  const loopDelay = createLoopDelayMonitor();
  app.get('/sv/health', { schema: { hide: true } }, async () => {
    await sql`select 1`.execute(db);
    const loop = loopDelay.last();
    // The event loop's delay over the last 10 s window: the figure that shows an overloaded node.
    return {
      status: 1,
      ok: true,
      engine: engineOf(db),
      time: Date.now(),
      bucleP99Ms: loop.p99Ms,
      bucleMaxMs: loop.maxMs,
    };
  });

  const metrics = createMetrics();
  metrics.instrument(app);
  const modules = await registerModules(app, ctx, {
    seedDemo: overrides.seedDemo ?? config.demo,
    googleVerifier: overrides.googleVerifier,
    shopGateways: overrides.shopGateways,
    onJobStart: metrics.observeJob,
  });
  metrics.register(app, modules, db, config.metricsToken);
  // Liveness: the process answers. Readiness: it can do its work now, with the database and the
  // device broker (embedded listening, or the external one connected) both reachable; a load
  // balancer or Kubernetes stops sending traffic while it is false.
  app.get('/sv/health/live', { schema: { hide: true } }, async () => ({ status: 1 as const, ok: true }));
  app.get('/sv/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const database = await Promise.race([
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
    ]);
    const broker = modules.mqtt.ready();
    if (database && broker) return { status: 1 as const, ok: true, baseDeDatos: true, broker: true };
    return reply
      .code(503)
      .send({ status: 2, codigo: 503, mensaje: mensajes.servicioNoListo, baseDeDatos: database, broker });
  });
  await registerWeb(app, config.webDist);

  // Embedded mode backs its own database up (PostgreSQL: pg_dump, docs/deploy.md).
  const backups =
    !config.databaseUrl && !overrides.db && config.backup.intervalHours > 0
      ? startBackupSchedule({
          sqliteFile: `${config.dataDir}/nexo.db`,
          dir: `${config.dataDir}/backups`,
          intervalHours: config.backup.intervalHours,
          keep: config.backup.keep,
          log,
        })
      : null;

  app.addHook('onClose', async () => {
    backups?.stop();
    loopDelay.close();
    await hub.close();
    mailer.close();
    if (!overrides.db) await db.destroy();
  });

  const built = app as unknown as App;
  built.ctx = ctx;
  built.modules = modules;
  built.routeTable = routeTable;
  return built;
}
