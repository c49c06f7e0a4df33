import { createRefreshTokens, type GoogleVerifier, registerAuthModule } from './modules/auth/index.js';
import {
  createDevicesService,
  demoDevice,
  registerDevicesRoutes,
  seedDemoDevice,
} from './modules/devices/index.js';
import { createGroupsService, registerGroupsRoutes } from './modules/groups/index.js';
import { createHistoryService, registerHistoryRoutes } from './modules/history/index.js';
import { createLicensingService } from './modules/licensing/index.js';
import { registerNotificationsModule } from './modules/notifications/index.js';
import { registerConnectivity } from './modules/telemetry/index.js';
import { createUsersService, registerUsersRoutes } from './modules/users/index.js';
import { createViewsService, registerViewsRoutes } from './modules/views/index.js';
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

  // ---- notifications: in-app list, live bell, mail and Telegram deliveries (web push joins `channels`) ----
  registerNotificationsModule(app, ctx, {
    contactOf: (userId) => users.notificationContact(userId),
    linkTelegramByPhone: (phoneNumber, chatId) => users.linkTelegramByPhone(phoneNumber, chatId),
    channels: [],
  });

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

  // ---- groups: access requests and roles on devices (roles through devices.sharing) ----
  const groups = createGroupsService({
    db: ctx.db,
    log: ctx.log,
    devices: devices.sharing,
    users,
    hub: ctx.hub,
  });
  registerGroupsRoutes(app, ctx, groups);

  // ---- views: a user's dashboards of sensors from several devices; gated by the licence ----
  // Sensors and layouts come from the devices service; devices asks views who owns a view
  // before storing its layout (guardarLayout with esEquipo=false).
  const views = createViewsService({ db: ctx.db, devices: devices.views, licensing });
  devices.views.setOwnershipCheck(views.owns);
  registerViewsRoutes(app, ctx, views);

  // ---- connectivity: STOMP at /sv/stomp, MQTT broker, ingest, commands, device HTTP ----
  const connectivity = registerConnectivity(app, ctx, {
    access: devices.access,
    history,
    demoDevice: options.seedDemo ? demoDevice : undefined,
  });
  deviceChangeListeners.push(connectivity.invalidateDevice);

  // ---- history routes: access checks through devices ----
  registerHistoryRoutes(app, { history, access: devices.access, requireAuth: ctx.requireAuth });
}
