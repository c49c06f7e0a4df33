import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is parsed once here; when some are wrong,
 * all errors are listed together and the process exits (see main.ts).
 */
const boolFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url({ error: 'debe ser una URL válida' }).optional());

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: boolFlag,
  HTTP_COMPRESSION: boolFlag,
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  SQLITE_WRITER_THREAD: boolFlag,
  DATABASE_URL: optionalUrl,
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_URL: optionalUrl,
  MQTT_USERNAME: optionalText,
  MQTT_PASSWORD: optionalText,
  MQTT_HOOK_SECRET: optionalText,
  MQTT_HOOK_LOOPBACK_ONLY: boolFlag,
  MQTT_KEEPALIVE_GRACE: z.coerce.number().min(1).default(1.5),
  SENSOR_STALE_SECONDS: z.coerce.number().int().min(0).default(0),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Nexo <no-responder@nexo.local>'),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: optionalText,
  ADMIN_EMAIL: z.string().default('admin@nexo.local'),
  DEMO: boolFlag,
  JWT_SECRET: optionalText,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  ALTCHA_HMAC_KEY: optionalText,
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).default(50_000),
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, {
        error: 'debe ser una clave P-256 sin comprimir en base64url (65 bytes)',
      })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'debe ser una clave privada P-256 en base64url (32 bytes)' })
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { error: 'debe empezar con mailto: o https://' })
      .optional(),
  ),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(0).default(250),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).default(4000),
  RECOVERY_MAX_PER_USER: z.coerce.number().int().min(1).default(3),
  RECOVERY_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  RECOVERY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  DEVICE_AUTH_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  DEVICE_AUTH_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(1000),
  DEVICE_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  DEVICE_AUTH_DELAY_BASE_MS: z.coerce.number().int().min(0).default(250),
  DEVICE_AUTH_DELAY_MAX_MS: z.coerce.number().int().min(0).default(4000),
  API_TOKEN_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  GOOGLE_CLIENT_ID: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText,
  /** The bot's public username (without @), shown in the profile's how-to and linked as t.me/<name>. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .trim()
    .regex(
      /^@?[A-Za-z][A-Za-z0-9_]{3,31}$/,
      'TELEGRAM_BOT_USERNAME debe ser un nombre de usuario de Telegram',
    )
    .transform((v) => v.replace(/^@/, ''))
    .optional(),
  TELEGRAM_API_ROOT: optionalUrl,
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,256}$/, { error: 'solo letras, números, _ y -, hasta 256' })
        .optional(),
    ),
  /**
   * The built-in sandbox gateways for providers without credentials: on by default except with
   * NODE_ENV=production, where only PAYMENTS_SANDBOX=true turns them on (a forgotten variable must
   * not give licences away).
   */
  PAYMENTS_SANDBOX: boolFlag,
  /** MercadoPago (card gateway): all unset = the sandbox, or off in production. */
  MERCADOPAGO_ACCESS_TOKEN: optionalText,
  MERCADOPAGO_PUBLIC_KEY: optionalText,
  MERCADOPAGO_WEBHOOK_SECRET: optionalText,
  /** MercadoPago's REST root; only a test's local fake changes it. */
  MERCADOPAGO_API_ROOT: optionalUrl,
  /** PayPal subscriptions: all unset = the sandbox, or off in production. */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** PayPal's REST root; only a test's local fake changes it. */
  PAYPAL_API_ROOT: optionalUrl,
  /** The local currency the card gateway charges (ISO 4217). */
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('ARS'),
  NOTIFY_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(30),
  OSRM_URL: optionalUrl,
  /** Map tiles (a {z}/{x}/{y} template) and their credit line; TILE_URL is the former name. */
  MAP_TILE_URL: optionalText,
  TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap'),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  HISTORY_SEAL_INTERVAL_SECONDS: z.coerce.number().min(0).default(300),
  /** Embedded mode: hours between backups of the SQLite database to DATA_DIR/backups (0 = off). */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  /** How many backups to keep. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** When set, /sv/metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: optionalText,
  /** Program task durations are divided by this (demos and tests speed time up; 1 in production). */
  AUTOMATION_TIME_SCALE: z.coerce.number().min(1).max(100_000).default(1),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Firmware packages: a directory every instance shares; unset = in the database. */
  FIRMWARE_DIR: optionalText,
  /** Largest firmware package accepted, in bytes (16 MB). */
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024 * 1024),
  /** Devices a rollout notifies per minute unless it says otherwise. */
  FIRMWARE_ROLLOUT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Firmware download requests one device may start per minute (per instance). */
  FIRMWARE_DOWNLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Trust X-Forwarded-* headers (only behind a reverse proxy that overwrites them). */
  trustProxy: boolean;
  /** Brotli/gzip for API answers and the web build's pre-compressed files (HTTP_COMPRESSION, on by default). */
  httpCompression: boolean;
  publicUrl: string | undefined;
  dataDir: string;
  /** SQLite: commit the ingest's batches on a thread of their own (SQLITE_WRITER_THREAD, on by default). */
  sqliteWriterThread: boolean;
  databaseUrl: string | undefined;
  mqtt: {
    port: number;
    url: string | undefined;
    keepaliveGrace: number;
    /** The server's own credentials at an external broker (MQTT_URL); also superuser in the auth hook. */
    username: string | undefined;
    password: string | undefined;
    /** When set, the broker hook endpoints (/sv/mqtt/*) require it in header X-Nexo-Hook-Secret. */
    hookSecret: string | undefined;
    /** The hooks answer only callers on the loopback interface (403 to any other address). */
    hookLoopbackOnly: boolean;
  };
  sensorStaleSeconds: number;
  redisUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  admin: { username: string; password: string | undefined; email: string };
  demo: boolean;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A rotated refresh token presented again this soon, its successor unused, gets that successor again (tabs racing). */
  refreshReuseGraceSeconds: number;
  altcha: { hmacKey: string; maxNumber: number };
  /** Web push (VAPID): the key pair the push services know this server by, and a contact for them. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Failed logins: at most maxAttempts per (username, IP) and maxAttemptsPerIp per IP in the
   * window; the n-th consecutive failure of a pair is answered after min(2^(n-1)·delayBaseMs, delayMaxMs).
   */
  login: {
    maxAttempts: number;
    maxAttemptsPerIp: number;
    windowSeconds: number;
    delayBaseMs: number;
    delayMaxMs: number;
  };
  /** Password-recovery requests (each may mail a code) per username/e-mail and per IP in the window. */
  recovery: { maxPerUser: number; maxPerIp: number; windowSeconds: number };
  /**
   * Wrong device apikey/secret attempts (MQTT CONNECT, /sv/dispositivo, the broker's auth hook). A
   * right secret is always accepted. The n-th wrong one of an (apikey, IP) pair is answered after
   * min(2^(n-1)·delayBaseMs, delayMaxMs); past maxAttempts of the pair, or maxAttemptsPerIp of the
   * IP, in the window, wrong ones are answered after delayMaxMs as "too many attempts".
   */
  deviceAuth: {
    maxAttempts: number;
    maxAttemptsPerIp: number;
    windowSeconds: number;
    delayBaseMs: number;
    delayMaxMs: number;
  };
  /** Requests one personal API token may make per minute (429 with Retry-After beyond). */
  apiTokenMaxPerMinute: number;
  googleClientId: string | undefined;
  telegram: {
    botToken: string | undefined;
    /** Public username of the bot (no @). */
    botUsername: string | undefined;
    /** Bot API root: a self-hosted Bot API server (or a test's fake); Telegram's own when unset. */
    apiRoot: string | undefined;
    /** When set, updates arrive by webhook at /sv/telegram/webhook instead of long polling. */
    webhookSecret: string | undefined;
  };
  /** Payment gateways; a gateway without credentials is replaced by the built-in sandbox. */
  payments: {
    mercadoPago: {
      accessToken: string | undefined;
      publicKey: string | undefined;
      webhookSecret: string | undefined;
      apiRoot: string | undefined;
    };
    paypal: {
      clientId: string | undefined;
      clientSecret: string | undefined;
      webhookId: string | undefined;
      environment: 'sandbox' | 'production';
      apiRoot: string | undefined;
    };
    /** A provider without credentials runs as the sandbox (true) or is off (false). */
    sandbox: boolean;
    /** Signs the sandbox gateway's own webhooks (generated once, kept in DATA_DIR/secrets.json). */
    sandboxSecret: string;
    currency: string;
  };
  notifications: {
    /** At most one message per user and channel (mail, Telegram, push) within this many seconds. */
    cooldownSeconds: number;
    maxAttempts: number;
    /** First retry delay of a failed delivery; each next one doubles (capped at one hour). */
    retryBaseSeconds: number;
  };
  osrmUrl: string | undefined;
  tileUrl: string;
  tileAttribution: string;
  historyRetentionDays: number;
  /** How often past hours of readings are sealed into compressed chunks; 0 turns sealing off. */
  historySealIntervalSeconds: number;
  backup: { intervalHours: number; keep: number };
  metricsToken: string | undefined;
  automationTimeScale: number;
  bodyLimitBytes: number;
  firmware: { dir: string | undefined; maxBytes: number; perMinute: number; downloadsPerMinute: number };
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads a secret from DATA_DIR/secrets.json, creating it the first time, so restarts keep sessions valid. */
function persistedSecret(
  dataDir: string,
  name: string,
  create: () => string = () => randomBytes(32).toString('base64url'),
): string {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const existing = secrets[name];
  if (existing) return existing;
  const created = create();
  secrets[name] = created;
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return created;
}

/**
 * The VAPID key pair from the environment (both or neither), else generated once with web-push and
 * kept in DATA_DIR/secrets.json: a new pair would orphan every browser subscription made with the old one.
 */
function vapidKeys(dataDir: string, e: Env): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(['VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY: deben definirse juntas']);
  }
  // One entry holds both halves ("public.private"), so they can never come from different pairs.
  const stored = persistedSecret(dataDir, 'vapidKeys', () => {
    const created = webpush.generateVAPIDKeys();
    return `${created.publicKey}.${created.privateKey}`;
  });
  const [publicKey = '', privateKey = ''] = stored.split('.');
  return { publicKey, privateKey };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY ?? false,
    httpCompression: e.HTTP_COMPRESSION ?? true,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    sqliteWriterThread: e.SQLITE_WRITER_THREAD ?? true,
    databaseUrl: e.DATABASE_URL,
    mqtt: {
      port: e.MQTT_PORT,
      url: e.MQTT_URL,
      keepaliveGrace: e.MQTT_KEEPALIVE_GRACE,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      hookSecret: e.MQTT_HOOK_SECRET,
      hookLoopbackOnly: e.MQTT_HOOK_LOOPBACK_ONLY ?? false,
    },
    sensorStaleSeconds: e.SENSOR_STALE_SECONDS,
    redisUrl: e.REDIS_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    demo: e.DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'test'),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwtSecret'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    altcha: {
      hmacKey: e.ALTCHA_HMAC_KEY ?? persistedSecret(dataDir, 'altchaHmacKey'),
      maxNumber: e.ALTCHA_MAX_NUMBER,
    },
    vapid: {
      ...vapidKeys(dataDir, e),
      subject:
        e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : `mailto:${e.ADMIN_EMAIL}`),
    },
    login: {
      maxAttempts: e.LOGIN_MAX_ATTEMPTS,
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      delayBaseMs: e.LOGIN_DELAY_BASE_MS,
      delayMaxMs: e.LOGIN_DELAY_MAX_MS,
    },
    recovery: {
      maxPerUser: e.RECOVERY_MAX_PER_USER,
      maxPerIp: e.RECOVERY_MAX_PER_IP,
      windowSeconds: e.RECOVERY_WINDOW_SECONDS,
    },
    deviceAuth: {
      maxAttempts: e.DEVICE_AUTH_MAX_ATTEMPTS,
      maxAttemptsPerIp: e.DEVICE_AUTH_MAX_ATTEMPTS_PER_IP,
      windowSeconds: e.DEVICE_AUTH_WINDOW_SECONDS,
      delayBaseMs: e.DEVICE_AUTH_DELAY_BASE_MS,
      delayMaxMs: e.DEVICE_AUTH_DELAY_MAX_MS,
    },
    apiTokenMaxPerMinute: e.API_TOKEN_MAX_PER_MINUTE,
    googleClientId: e.GOOGLE_CLIENT_ID,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      apiRoot: e.TELEGRAM_API_ROOT?.replace(/\/$/, ''),
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    },
    payments: {
      mercadoPago: {
        accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
        publicKey: e.MERCADOPAGO_PUBLIC_KEY,
        webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
        apiRoot: e.MERCADOPAGO_API_ROOT?.replace(/\/$/, ''),
      },
      paypal: {
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        webhookId: e.PAYPAL_WEBHOOK_ID,
        environment: e.PAYPAL_ENVIRONMENT,
        apiRoot: e.PAYPAL_API_ROOT?.replace(/\/$/, ''),
      },
      sandbox: e.PAYMENTS_SANDBOX ?? e.NODE_ENV !== 'production',
      sandboxSecret: persistedSecret(dataDir, 'paymentSandboxSecret'),
      currency: e.SHOP_CURRENCY,
    },
    notifications: {
      cooldownSeconds: e.NOTIFY_COOLDOWN_SECONDS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      retryBaseSeconds: e.NOTIFY_RETRY_BASE_SECONDS,
    },
    osrmUrl: e.OSRM_URL,
    tileUrl: e.MAP_TILE_URL ?? e.TILE_URL,
    tileAttribution: e.MAP_TILE_ATTRIBUTION,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    historySealIntervalSeconds: e.HISTORY_SEAL_INTERVAL_SECONDS,
    backup: { intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    metricsToken: e.METRICS_TOKEN,
    automationTimeScale: e.AUTOMATION_TIME_SCALE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    firmware: {
      dir: e.FIRMWARE_DIR,
      maxBytes: e.FIRMWARE_MAX_BYTES,
      perMinute: e.FIRMWARE_ROLLOUT_PER_MINUTE,
      downloadsPerMinute: e.FIRMWARE_DOWNLOADS_PER_MINUTE,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
  const merged = { ...config, ...overrides };
  const problems = crossChecks(merged);
  if (problems.length > 0) throw new ConfigError(problems);
  return merged;
}

/** Rules between variables, checked on the final configuration. */
function crossChecks(config: Config): string[] {
  const problems: string[] = [];
  const { mqtt } = config;
  if (mqtt.url && !mqtt.hookSecret && !mqtt.hookLoopbackOnly) {
    problems.push(
      'MQTT_HOOK_SECRET: con un broker externo (MQTT_URL) defina MQTT_HOOK_SECRET, o MQTT_HOOK_LOOPBACK_ONLY=1 si el broker llama a /sv/mqtt/* desde este mismo equipo.',
    );
  }
  const mp = config.payments.mercadoPago;
  if (mp.accessToken && (!mp.publicKey || !mp.webhookSecret)) {
    problems.push(
      'MERCADOPAGO_ACCESS_TOKEN: con MercadoPago defina también MERCADOPAGO_PUBLIC_KEY (el formulario de tarjeta) y MERCADOPAGO_WEBHOOK_SECRET (la firma de las notificaciones).',
    );
  }
  const paypal = config.payments.paypal;
  if (Boolean(paypal.clientId) !== Boolean(paypal.clientSecret) || (paypal.clientId && !paypal.webhookId)) {
    problems.push(
      'PAYPAL_CLIENT_ID: PayPal necesita PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET y PAYPAL_WEBHOOK_ID juntas.',
    );
  }
  return problems;
}
