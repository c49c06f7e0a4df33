import { createRefreshTokens, type GoogleVerifier, registerAuthModule } from './modules/auth/index.js';
import {
  createDevicesService,
  demoDevice,
  registerDevicesRoutes,
  seedDemoDevice,
} from './modules/devices/index.js';
import { createHistoryService, registerHistoryRoutes } from './modules/history/index.js';
import { createLicensingService } from './modules/licensing/index.js';
import { createPushSubscriptions, registerPushRoutes } from './modules/notifications/index.js';
import { registerConnectivity } from './modules/telemetry/index.js';
import { createUsersService, registerUsersRoutes } from './modules/users/index.js';
import type { HttpApp, PlatformContext } from './platform/context.js';
import { seedReference } from './platform/db/seed-reference.js';

/**
 * The composition root of the domain modules: each module is built with exactly the
 * platform pieces and sibling services it needs, then registers its routes.
 */
export async function registerModules(
  app: HttpApp,
  ctx: PlatformContext,
  options: { seedDemo: boolean; googleVerifier?: GoogleVerifier | undefined },
): Promise<void> {
  // ---- reference data, licences ----
  await seedReference(ctx.db);
  // The devices module plugs its counts in with licensing.setUsageProvider(devices.usage).
  const licensing = createLicensingService({ db: ctx.db });

  // ---- users and auth: accounts, session, registration; admin and demo user seed ----
  const refreshTokens = createRefreshTokens(ctx.db, ctx.config.refreshTokenTtlDays);
  const users = createUsersService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: ctx.log,
    licensing,
    revokeSessions: (userId) => refreshTokens.revokeAllForUser(userId),
  });
  registerUsersRoutes(app, ctx, users);
  await registerAuthModule(app, ctx, { users, refreshTokens, googleVerifier: options.googleVerifier });
  await users.seedAdmin();
  if (options.seedDemo) await users.seedDemo();

  // ---- history: readings + rollups; devices and telemetry receive `history` ----
  const history = createHistoryService({ db: ctx.db, log: ctx.log, config: ctx.config });
  history.startRetention();
  app.addHook('onClose', async () => history.stopRetention());

  // ---- devices: equipos, carpetas, sensors, widgets, layouts; licence usage counts ----
  // Telemetry pushes its cache invalidation into deviceChangeListeners once it is built.
  const deviceChangeListeners: Array<(deviceId: number) => void> = [];
  const devices = createDevicesService({
    db: ctx.db,
    log: ctx.log,
    licensing,
    history,
    onDeviceChanged: (deviceId) => {
      for (const listener of deviceChangeListeners) listener(deviceId);
    },
    // Lost roles end live subscriptions at once, on every instance (the hub relays through Redis).
    onAccessRevoked: (revocation) => ctx.hub.revokeAccess(revocation),
  });
  licensing.setUsageProvider(devices.usage);
  registerDevicesRoutes(app, ctx, devices);
  if (options.seedDemo) await seedDemoDevice(ctx.db);

  // ---- connectivity: STOMP at /sv/stomp, MQTT broker, ingest, commands, device HTTP ----
  const connectivity = registerConnectivity(app, ctx, {
    access: devices.access,
    history,
    demoDevice: options.seedDemo ? demoDevice : undefined,
  });
  deviceChangeListeners.push(connectivity.invalidateDevice);

  // ---- history routes: access checks through devices ----
  registerHistoryRoutes(app, { history, access: devices.access, requireAuth: ctx.requireAuth });

  // ---- web push: browsers' subscriptions and the VAPID public key; the notifier sends through createPushChannel ----
  registerPushRoutes(app, {
    subscriptions: createPushSubscriptions({ db: ctx.db }),
    vapidPublicKey: ctx.config.vapid.publicKey,
    requireAuth: ctx.requireAuth,
  });
}
