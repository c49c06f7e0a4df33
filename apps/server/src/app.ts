import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import {
  CarpetaSchema,
  CompraSchema,
  ConsultaSchema,
  EquipoSchema,
  ErrorEnvelopeSchema,
  EventoSchema,
  mensajes,
  ProgramaSchema,
  SensorSchema,
  VistaSchema,
} from '@nexo/contracts';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
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
import { type Acceso, acceso } from './platform/http/access.js';
import { createAccessGuard } from './platform/http/auth-guard.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { createMethodIndex } from './platform/http/methods.js';
import { registerOpenApi, tag } from './platform/http/openapi.js';
import { createAttemptStore } from './platform/http/rate-limit.js';
import { inlineScriptSources, registerWeb } from './platform/http/web.js';
import { createLogger } from './platform/logger.js';
import { createLoopDelayMonitor } from './platform/loop-delay.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import type { RealtimeHub } from './platform/realtime.js';
import { requestContext } from './platform/request-context.js';
import { AccessTokens } from './platform/security/access-token.js';
import { createRevocations, type SessionRevocations } from './platform/security/revocations.js';
import { serverVersion } from './platform/version.js';

const SaludSchema = z.object({
  status: z.literal(1),
  ok: z.literal(true),
  engine: z.enum(['sqlite', 'postgres']),
  time: z.number(),
  bucleP99Ms: z.number(),
  bucleMaxMs: z.number(),
});
const VivoSchema = z.object({ status: z.literal(1), ok: z.literal(true) });
const ListoSchema = z.object({
  status: z.literal(1),
  ok: z.literal(true),
  baseDeDatos: z.literal(true),
  broker: z.literal(true),
});
const NoListoSchema = ErrorEnvelopeSchema.extend({
  codigo: z.literal(503),
  baseDeDatos: z.boolean(),
  broker: z.boolean(),
}).describe('No está listo: qué parte no responde');

/** Answers smaller than this leave uncompressed: below a packet, compressing saves no round trip. */
const httpCompressionThresholdBytes = 1024;

/** Requests slower than this are logged at warn (the rest at debug). */
const SLOW_REQUEST_MS = 1000;

export interface AppOverrides {
  db?: Db;
  log?: Logger;
  mailer?: Mailer;
  hub?: RealtimeHub;
  revocations?: SessionRevocations;
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
  routeTable: ReadonlyArray<RouteEntry>;
};

/** A route of the table: its method and path, whether the document hides it, who may call it, its options. */
export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
  acceso: Acceso | undefined;
  route: RouteOptions;
}

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
        : { sqliteFile: `${config.dataDir}/nexo.db`, sqliteWriterThread: config.sqliteWriterThread },
    );
  await migrateToLatest(db);

  // Ended sessions (blocked accounts, password changes): kept as long as an access token lives.
  const revocations =
    overrides.revocations ??
    (await createRevocations({
      redisUrl: config.redisUrl,
      ttlMs: (config.accessTokenTtlSeconds + 60) * 1000,
      log,
    }));
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds, revocations);
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

  // The route table as Fastify builds it (the authorization matrix and the OpenAPI tests walk it),
  // and the index of methods per path that answers 405 with Allow.
  const routeTable: RouteEntry[] = [];
  const methodIndex = createMethodIndex();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) {
      methodIndex.add(method, route.url);
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, hidden, acceso: route.config?.acceso, route });
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) };
    // Errors are logged where they happen (the error handler); slow answers deserve a look.
    if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'petición lenta');
    else request.log.debug(line, 'petición');
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (and type the handlers); answers are plain JSON. The contract
  // test (test/contract.ts) checks every answer the test suites receive against the document.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandler(app);

  // Every request passes the access guard first; routes declare who may call them (`config.acceso`).
  const attemptStore = createAttemptStore(config.redisUrl);
  const access = createAccessGuard({
    tokens,
    store: attemptStore,
    apiTokenPerMinute: config.apiTokenMaxPerMinute,
  });
  app.addHook('onRequest', access.hook);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google sign-in, the payment providers' browser SDKs (MercadoPago.js, PayPal's button), and
        // index.html's boot script by its hash.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          ...inlineScriptSources(config.webDist),
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
  // Answers of the API (JSON, CSV, text) above 1 KB leave compressed, Brotli or gzip by the
  // request's Accept-Encoding; streams (the CSV export) stay streams. The web build's files are
  // compressed once at build time instead (registerWeb). HTTP_COMPRESSION=false leaves both to a
  // reverse proxy.
  if (config.httpCompression)
    await app.register(compress, {
      threshold: httpCompressionThresholdBytes,
      encodings: ['br', 'gzip'],
      customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript/,
      globalDecompression: false,
    });
  await app.register(formbody);
  // Shared components of the document: the error envelope (always), the recursive folder tree, and
  // the read models many answers hold.
  await registerOpenApi(app, {
    version: serverVersion(),
    components: {
      Carpeta: CarpetaSchema,
      Equipo: EquipoSchema,
      Sensor: SensorSchema,
      Vista: VistaSchema,
      Evento: EventoSchema,
      Programa: ProgramaSchema,
      Compra: CompraSchema,
      Consulta: ConsultaSchema,
    },
  });

  const ctx: PlatformContext = { config, db, log, mailer, hub, tokens, revocations, access };

  const loopDelay = createLoopDelayMonitor();
  const operacion = tag('operacion');
  app.get(
    '/sv/health',
    {
      ...acceso('publico'),
      schema: {
        tags: operacion,
        summary: 'Estado del servidor: base de datos, motor y demora del bucle de eventos',
        response: { 200: SaludSchema },
      },
    },
    async () => {
      await sql`select 1`.execute(db);
      const loop = loopDelay.last();
      // The event loop's delay over the last 10 s window: the figure that shows an overloaded node.
      return {
        status: 1 as const,
        ok: true as const,
        engine: engineOf(db),
        time: Date.now(),
        bucleP99Ms: loop.p99Ms,
        bucleMaxMs: loop.maxMs,
      };
    },
  );

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
  app.get(
    '/sv/health/live',
    {
      ...acceso('publico'),
      schema: { tags: operacion, summary: 'Vivo: el proceso responde', response: { 200: VivoSchema } },
    },
    async () => ({ status: 1 as const, ok: true as const }),
  );
  app.get(
    '/sv/health/ready',
    {
      ...acceso('publico', [503]),
      schema: {
        tags: operacion,
        summary: 'Listo: la base de datos y el broker MQTT responden (503 si no)',
        response: { 200: ListoSchema, 503: NoListoSchema },
      },
    },
    async (_request, reply) => {
      const database = await Promise.race([
        sql`select 1`.execute(db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
      ]);
      const broker = modules.mqtt.ready();
      if (database && broker)
        return { status: 1 as const, ok: true as const, baseDeDatos: true as const, broker: true as const };
      return reply
        .code(503)
        .send({ status: 2, codigo: 503, mensaje: mensajes.servicioNoListo, baseDeDatos: database, broker });
    },
  );
  await registerWeb(app, config.webDist, methodIndex, { compressed: config.httpCompression });

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
    if (!overrides.revocations) await revocations.close();
    await attemptStore.close();
    mailer.close();
    if (!overrides.db) await db.destroy();
  });

  const built = app as unknown as App;
  built.ctx = ctx;
  built.modules = modules;
  built.routeTable = routeTable;
  return built;
}
