import type { ConfigPagos } from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import type { CardGateway, PaypalGateway } from './gateways/gateway.js';
import { createMercadoPagoGateway } from './gateways/mercadopago.gateway.js';
import { createPaypalGateway } from './gateways/paypal.gateway.js';
import { createSandboxCardGateway, type SandboxCardGateway } from './gateways/sandbox.card-gateway.js';
import { createSandboxPaypalGateway, type SandboxPaypalGateway } from './gateways/sandbox.paypal-gateway.js';
import { createPaymentsService } from './payments.service.js';
import { registerSandboxRoutes } from './sandbox.routes.js';
import { createShopContext, type ShopDeps } from './shop.context.js';
import { registerShopRoutes } from './shop.routes.js';
import { createShopService } from './shop.service.js';

/** The licence expiry job: one recurring row, checked hourly. */
const expiryJob = 'licencias.vencimiento';
const expiryEveryMs = 60 * 60_000;

/**
 * Builds the shop: the gateways from the configuration (the sandbox for any provider without
 * credentials), its services and routes, the sandbox's webhook delivery through this server's own
 * routes, and the licence expiry job on the durable scheduler.
 */
export async function registerShopModule(
  app: HttpApp,
  ctx: PlatformContext,
  deps: Omit<ShopDeps, 'db' | 'log' | 'hub' | 'card' | 'paypal' | 'currency' | 'publicUrl'> & {
    scheduler: Scheduler;
    /** The admin guard of the shop team's routes (the role read now). */
    requireAdmin: onRequestAsyncHookHandler;
    /** Tests pass gateways (a fake provider) instead of the configured ones. */
    gateways?: { card?: CardGateway; paypal?: PaypalGateway };
  },
) {
  const { payments: config } = ctx.config;
  const mp = config.mercadoPago;
  const pp = config.paypal;
  const mercadoPagoReady = Boolean(mp.accessToken && mp.publicKey && mp.webhookSecret);
  const paypalReady = Boolean(pp.clientId && pp.clientSecret && pp.webhookId);
  const sandboxCard: SandboxCardGateway | null =
    deps.gateways?.card || mercadoPagoReady
      ? null
      : createSandboxCardGateway({ secret: config.sandboxSecret });
  const sandboxPaypal: SandboxPaypalGateway | null =
    deps.gateways?.paypal || paypalReady
      ? null
      : createSandboxPaypalGateway({ secret: config.sandboxSecret });
  const card: CardGateway =
    deps.gateways?.card ??
    sandboxCard ??
    createMercadoPagoGateway({
      accessToken: mp.accessToken ?? '',
      publicKey: mp.publicKey ?? '',
      webhookSecret: mp.webhookSecret ?? '',
      apiRoot: mp.apiRoot,
    });
  const paypal: PaypalGateway =
    deps.gateways?.paypal ??
    sandboxPaypal ??
    createPaypalGateway({
      clientId: pp.clientId ?? '',
      clientSecret: pp.clientSecret ?? '',
      webhookId: pp.webhookId ?? '',
      environment: pp.environment,
      apiRoot: pp.apiRoot,
    });
  if (card.name === 'sandbox' || paypal.name === 'sandbox') {
    ctx.log.warn(
      'tienda en modo de prueba: sin credenciales de MercadoPago o PayPal, los pagos los simula Nexo',
    );
  }

  const shopContext = createShopContext({
    ...deps,
    db: ctx.db,
    log: ctx.log.child({ module: 'shop' }),
    hub: ctx.hub,
    card,
    paypal,
    currency: config.currency,
    publicUrl: ctx.config.publicUrl ?? null,
  });
  const shop = createShopService(shopContext);
  const payments = createPaymentsService(shopContext, shop);
  await shop.seedCatalogue();

  const configPagos = (): ConfigPagos => ({
    modoPrueba: card.modoPrueba || paypal.modoPrueba,
    mercadoPagoPublicKey: card.publicKey,
    paypalClientId: paypal.clientId,
  });
  registerShopRoutes(app, ctx, shop, payments, configPagos, deps.requireAdmin);
  registerSandboxRoutes(app, ctx, { card: sandboxCard, paypal: sandboxPaypal }, shop);

  // The sandboxes post their notifications to this server's own webhook routes, signed as the
  // providers sign them, so the same verification and idempotency run as in production.
  sandboxCard?.setDeliver(async (notification) => {
    await app.inject({
      method: 'POST',
      url: `/sv/ventas/webhook/mercadopago?${new URLSearchParams(notification.query).toString()}`,
      headers: notification.headers,
      payload: notification.body as object,
    });
  });
  sandboxPaypal?.setDeliver(async (notification) => {
    await app.inject({
      method: 'POST',
      url: '/sv/ventas/webhook/paypal',
      headers: notification.headers,
      payload: notification.body as object,
    });
  });

  deps.scheduler.register(expiryJob, {
    run: async () => {
      await shop.finishExpiredLicences();
    },
    recurring: (_job, now) => now + expiryEveryMs,
  });
  if ((await deps.scheduler.dueAt(ctx.db, expiryJob, 0)) === null) {
    await deps.scheduler.schedule(ctx.db, expiryJob, 0, Date.now());
  }

  return { shop, payments, gateways: { card, paypal, sandboxCard, sandboxPaypal }, owns: shop.owns };
}

export type ShopModule = Awaited<ReturnType<typeof registerShopModule>>;
