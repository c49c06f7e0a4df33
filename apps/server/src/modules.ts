import { createAdminService, registerAdminRoutes } from './modules/admin/index.js';
import {
  createApiTokens,
  createRefreshTokens,
  type GoogleVerifier,
  registerAuthModule,
} from './modules/auth/index.js';
import {
  createActionRunner,
  createActionsService,
  createEventsEngine,
  createEventsService,
  createProgramsService,
  type EventsEngine,
  registerAutomationRoutes,
  registerEventsRoutes,
  registerProgramsRoutes,
} from './modules/automation/index.js';
import {
  claimLimits,
  createDevicesService,
  demoDevice,
  registerDevicesRoutes,
  seedDemoDevice,
} from './modules/devices/index.js';
import {
  createFirmwareService,
  type FirmwareService,
  registerFirmwareRoutes,
} from './modules/firmware/index.js';
import { createGroupsService, registerGroupsRoutes } from './modules/groups/index.js';
import { createHistoryService, registerHistoryRoutes } from './modules/history/index.js';
import { createLicensingService } from './modules/licensing/index.js';
import { type MqttBroker, registerMqtt } from './modules/mqtt/index.js';
import {
  createPushChannel,
  createPushSubscriptions,
  registerNotificationsModule,
  registerPushRoutes,
} from './modules/notifications/index.js';
import { registerRealtime, type StompServer } from './modules/realtime/index.js';
import {
  type CardGateway,
  type PaypalGateway,
  registerShopModule,
  type ShopModule,
} from './modules/shop/index.js';
import { createSupportService, registerSupportRoutes } from './modules/support/index.js';
import { registerTelemetry, type Telemetry } from './modules/telemetry/index.js';
import { createUserDirectory, createUsersService, registerUsersRoutes } from './modules/users/index.js';
import { createViewsService, registerViewsRoutes } from './modules/views/index.js';
import type { HttpApp, PlatformContext } from './platform/context.js';
import { seedReference } from './platform/db/seed-reference.js';
import { createAttemptLimiter, createAttemptStore } from './platform/http/rate-limit.js';
import { createScheduler, type Scheduler } from './platform/jobs/scheduler.js';

/** Handles on the modules that tests, the benchmark and the web config read (`app.modules`). */
export interface AppModules {
  telemetry: Telemetry;
  mqtt: MqttBroker;
  stomp: StompServer;
  /** What the devices module announces after a device changed: every listener runs. */
  deviceChanged(deviceId: number): void;
  /** The durable scheduler and the automatic-event engine (tests and the benchmark drive them). */
  scheduler: Scheduler;
  events: EventsEngine;
  /** The shop's services and gateways (tests drive the sandbox gateways). */
  shop: ShopModule;
  /** Firmware over the air (tests and the OTA benchmark). */
  firmware: FirmwareService;
}

/**
 * The composition root of the domain modules: each module is built with exactly the
 * platform pieces and sibling services it needs, then registers its routes.
 */
export async function registerModules(
  app: HttpApp,
  ctx: PlatformContext,
  options: {
    seedDemo: boolean;
    googleVerifier?: GoogleVerifier | undefined;
    /** Told each scheduled job's lateness as it starts (the metrics). */
    onJobStart?: ((kind: string, latenessMs: number) => void) | undefined;
    /** Tests put a fake provider behind the shop's gateway interfaces. */
    shopGateways?: { card?: CardGateway; paypal?: PaypalGateway } | undefined;
  },
): Promise<AppModules> {
  // ---- reference data, licences ----
  await seedReference(ctx.db);
  // Other modules read accounts through the users module's directory, never the users table.
  const userDirectory = createUserDirectory(ctx.db);
  // The devices module plugs its counts in with licensing.setUsageProvider(devices.usage).
  const licensing = createLicensingService({ db: ctx.db, users: userDirectory });
  // The access guard of `admin` routes reads ROLE_ADMIN from the account on each call.
  ctx.access.usePlatformRoles((userId, rol) => userDirectory.hasPlatformRole(userId, rol));

  // ---- users and auth: accounts, session, registration; admin and demo user seed ----
  const refreshTokens = createRefreshTokens(ctx.db, ctx.config.refreshTokenTtlDays, {
    graceSeconds: ctx.config.refreshReuseGraceSeconds,
    key: ctx.config.jwtSecret,
  });
  const apiTokens = createApiTokens({
    db: ctx.db,
    sessionClaims: (userId) => userDirectory.sessionClaims(userId),
  });
  const users = createUsersService({
    db: ctx.db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: ctx.log,
    licensing,
    // Blocking an account, a password change or reset end its sessions through this one path: the
    // refresh tokens and the personal API tokens in the database, then the revocation set every
    // instance holds in memory (access tokens refused, STOMP sessions closed).
    endSessions: async (userId, motivo) => {
      await refreshTokens.revokeAllForUser(userId);
      await apiTokens.revokeAllForUser(userId);
      await ctx.revocations.revokeUser(userId, motivo);
    },
    // Scheduled events run in the user's zone; automation is built further down.
    onTimeZoneChanged: (userId) => events.rescheduleUser(userId),
  });
  registerUsersRoutes(app, ctx, users);
  await registerAuthModule(app, ctx, {
    users,
    refreshTokens,
    apiTokens,
    googleVerifier: options.googleVerifier,
    // The broker address for the widget info modal; the broker is registered below.
    mqttPublicUrl: () => mqtt.publicUrl(),
  });
  await users.seedAdmin();
  if (options.seedDemo) await users.seedDemo();

  // ---- notifications: in-app list, live bell, deliveries by mail, Telegram and web push ----
  // Web push: browsers' subscriptions (grabarPushSuscripcion) and the VAPID public key.
  registerPushRoutes(app, {
    subscriptions: createPushSubscriptions({ db: ctx.db }),
    vapidPublicKey: ctx.config.vapid.publicKey,
  });
  const notifier = registerNotificationsModule(app, ctx, {
    contactOf: (userId) => users.notificationContact(userId),
    linkTelegramByPhone: (phoneNumber, chatId) => users.linkTelegramByPhone(phoneNumber, chatId),
    channels: [createPushChannel({ db: ctx.db, log: ctx.log, vapid: ctx.config.vapid })],
  });

  // ---- history: readings + rollups; devices and telemetry receive `history` ----
  const history = createHistoryService({ db: ctx.db, log: ctx.log, config: ctx.config });
  history.startRetention();
  history.sealer.start();
  app.addHook('onClose', async () => {
    history.stopRetention();
    await history.sealer.stop();
  });

  // ---- devices: equipos, carpetas, sensors, widgets, layouts; licence usage counts ----
  // Telemetry (its cache) and mqtt (sessions with old credentials) listen once they are built.
  const deviceChangeListeners: Array<(deviceId: number) => void> = [];
  const deviceChanged = (deviceId: number) => {
    for (const listener of deviceChangeListeners) listener(deviceId);
  };
  const claimAttempts = createAttemptStore(ctx.config.redisUrl);
  app.addHook('onClose', async () => claimAttempts.close());
  const devices = createDevicesService({
    db: ctx.db,
    log: ctx.log,
    licensing,
    users: userDirectory,
    history,
    onDeviceChanged: deviceChanged,
    // Lost roles end live subscriptions at once, on every instance (the hub relays through Redis).
    onAccessRevoked: (revocation) => ctx.hub.revokeAccess(revocation),
    // Wrong claim codes count across instances when Redis is there.
    claimLimiter: createAttemptLimiter(claimAttempts, claimLimits, 'reclamo'),
  });
  licensing.setUsageProvider(devices.usage);
  registerDevicesRoutes(app, devices);
  if (options.seedDemo) await seedDemoDevice(ctx.db);

  // ---- groups: access requests and roles on devices (roles through devices.sharing) ----
  const groups = createGroupsService({
    db: ctx.db,
    log: ctx.log,
    devices: devices.sharing,
    users: userDirectory,
    hub: ctx.hub,
    notifier,
  });
  registerGroupsRoutes(app, groups);

  // ---- views: a user's dashboards of sensors from several devices; gated by the licence ----
  // Sensors and layouts come from the devices service; devices asks views who owns a view
  // before storing its layout (guardarLayout with esEquipo=false).
  const views = createViewsService({ db: ctx.db, devices: devices.views, licensing });
  devices.views.setOwnershipCheck(views.owns);
  registerViewsRoutes(app, views);

  // ---- support: queries and their live chat; admins are read through the user directory ----
  // 'Consulta por compra' checks the purchase is the user's through the shop, built further down.
  const support = createSupportService({
    db: ctx.db,
    hub: ctx.hub,
    notifier,
    users: userDirectory,
    purchases: { owns: async (userId, compraId) => (await shop?.owns(userId, compraId)) ?? false },
  });
  let shop: ShopModule | undefined;
  registerSupportRoutes(app, support);

  // ---- connectivity: three peers. realtime delivers what modules publish on ctx.hub; mqtt
  // hands device traffic to telemetry.gateway; telemetry sends commands through mqtt.commands.
  const stomp = registerRealtime(app, ctx, {
    equipo: async (userId, deviceId) => ((await devices.access.roleOn(userId, deviceId)) ?? 0) > 0,
    consulta: (userId, consultaId) => support.canFollow(userId, consultaId),
    programa: (userId, programId) => programs.canFollow(userId, programId),
  });
  // The automation engine is built after telemetry (it commands through it); ingest reaches it
  // through this late-bound hook.
  let engine: EventsEngine | undefined;
  const telemetry = registerTelemetry(app, ctx, {
    automation: { onReading: (reading) => engine?.onReading(reading) },
    directory: devices.telemetryDirectory,
    access: devices.access,
    history,
    commands: { sendCommand: (apikey, topic, payload) => mqtt.commands.sendCommand(apikey, topic, payload) },
  });
  // Firmware reports reach the firmware module, built below with the scheduler (late-bound).
  let firmware: FirmwareService | undefined;
  const mqtt = registerMqtt(app, ctx, {
    gateway: telemetry.gateway,
    demoDevice: options.seedDemo ? demoDevice : undefined,
    firmware: { report: async (device, payload) => firmware?.report(device, payload) },
  });
  deviceChangeListeners.push(telemetry.invalidateDevice, mqtt.deviceChanged);

  // ---- automation: collective actions, events and programs; commands through telemetry,
  // notifications through the notifier, timers on the durable scheduler ----
  const actions = createActionsService({
    db: ctx.db,
    log: ctx.log,
    devices: {
      reachableSensors: (userId) => devices.views.reachableSensors(userId),
      namesOf: (ids) => devices.sharing.namesOf(ids),
      roleOn: (userId, deviceId) => devices.sharing.roleOn(userId, deviceId),
    },
    commands: telemetry,
    licensing,
    users: userDirectory,
  });
  const scheduler = createScheduler({
    db: ctx.db,
    log: ctx.log.child({ module: 'scheduler' }),
    ...(options.onJobStart ? { onStart: options.onJobStart } : {}),
  });
  const runner = createActionRunner({
    log: ctx.log,
    notifier,
    actions,
    reachableSensors: (userId) => devices.views.reachableSensors(userId),
    daySummary: (sensorId) => history.daySummary(sensorId),
  });
  const onAutomationChanged = () => void engine?.reload();
  const events = createEventsService({
    db: ctx.db,
    log: ctx.log,
    scheduler,
    runner,
    actions,
    devices: {
      reachableSensors: (userId) => devices.views.reachableSensors(userId),
      namesOf: (ids) => devices.sharing.namesOf(ids),
    },
    users: userDirectory,
    onChanged: onAutomationChanged,
    tasks: {
      runningTaskIds: (executor) => programs.runningTaskIds(executor),
      requireEditableTask: (userId, taskId) => programs.requireEditableTask(userId, taskId),
    },
  });
  const programs = createProgramsService({
    db: ctx.db,
    log: ctx.log,
    hub: ctx.hub,
    scheduler,
    runner,
    actions,
    events: () => events,
    reachableSensors: (userId) => devices.views.reachableSensors(userId),
    timeScale: ctx.config.automationTimeScale,
    onChanged: onAutomationChanged,
  });
  engine = createEventsEngine({
    db: ctx.db,
    log: ctx.log,
    runner,
    repo: events.repository,
    mayRun: async (userId) => (await actions.refusal(userId)) === null,
    runningTaskIds: (executor) => programs.runningTaskIds(executor),
    sensorLabel: async (userId, sensorId) =>
      (await devices.views.reachableSensors(userId)).find((s) => s.id === sensorId)?.labelUsuario ?? null,
  });
  const stopAccessWatch = ctx.hub.onAccessRevoked(() => engine?.accessChanged());
  // ---- shop: products, purchases and payments; licences through licensing, expiry on the scheduler ----
  shop = await registerShopModule(app, ctx, {
    notifier,
    licensing,
    users: userDirectory,
    deviceNames: (ids) => devices.sharing.namesOf([...ids]),
    scheduler,
    seedDemo: options.seedDemo,
    audit: (actorId, objeto, objetoId, accion, detalle) =>
      admin.record(actorId, objeto, objetoId, accion, detalle),
    ...(options.shopGateways ? { gateways: options.shopGateways } : {}),
  });

  // ---- admin: the operator's area; its audit log records the shop's admin actions too ----
  const admin = createAdminService({
    db: ctx.db,
    inventory: devices.inventory,
    users: {
      adminSearch: (text) => users.adminSearch(text),
      setBlocked: (userId, bloqueado) => users.setBlocked(userId, bloqueado),
      sendPasswordReset: (userId, origin) => users.sendPasswordReset(userId, origin),
      findByUsernameOrMail: (text) => userDirectory.findByUsernameOrMail(text),
      usernamesOf: (ids) => userDirectory.usernamesOf(ids),
    },
    licensing,
    shop: shop.shop,
    firmwareVersions: async (ids) => (firmware ? firmware.versionsOf(ids) : new Map()),
  });
  registerAdminRoutes(app, ctx, admin);
  // A claimed device's history (audit log): who took it from whom, by name.
  devices.claims.setAudit(async (actorId, objeto, objetoId, accion, detalle) => {
    const { de, a } = detalle as { de: number; a: number };
    const names = await userDirectory.usernamesOf([de, a]);
    await admin.record(actorId, objeto, objetoId, accion, { de: names.get(de) ?? de, a: names.get(a) ?? a });
  });

  // ---- firmware over the air: packages, paced rollouts on the scheduler, notices over MQTT ----
  firmware = createFirmwareService({
    db: ctx.db,
    log: ctx.log.child({ module: 'firmware' }),
    hub: ctx.hub,
    scheduler,
    config: ctx.config,
    licensing,
    directory: devices.firmwareDirectory,
    devices: telemetry.gateway,
    channel: () => mqtt.firmware,
  });
  registerFirmwareRoutes(app, firmware, {
    roleOn: (userId, deviceId) => devices.access.roleOn(userId, deviceId),
  });

  registerAutomationRoutes(app, actions, programs);
  registerEventsRoutes(app, events);
  registerProgramsRoutes(app, programs, events);
  await engine.start();
  scheduler.start();
  app.addHook('onClose', async () => {
    stopAccessWatch();
    await scheduler.stop();
    await engine?.stop();
  });

  // ---- history routes: access checks through devices ----
  registerHistoryRoutes(app, { history, access: devices.access });

  return { telemetry, mqtt, stomp, deviceChanged, scheduler, events: engine, shop, firmware };
}
