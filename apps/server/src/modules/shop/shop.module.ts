import type { ConfigPagos } from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { createDisabledCardGateway, createDisabledPaypalGateway } from './gateways/disabled.gateway.js';
import type { CardGateway, PaypalGateway } from './gateways/gateway.js';
import { createMercadoPagoGateway } from './gateways/mercadopago.gateway.js';
import { createPaypalGateway } from './gateways/paypal.gateway.js';
import { createSandboxCardGateway, type SandboxCardGateway } from './gateways/sandbox.card-gateway.js';
import { createSandboxPaypalGateway, type SandboxPaypalGateway } from './gateways/sandbox.paypal-gateway.js';
import { createPaymentsService } from './payments.service.js';
import { registerSandboxRoutes } from './sandbox.routes.js';
import { reservationJob } from './shop.checkout.js';
import { createShopContext, type ShopDeps } from './shop.context.js';
import { registerShopRoutes } from './shop.routes.js';
import { createShopService } from './shop.service.js';

const gatewayState = (gateway: CardGateway | PaypalGateway) =>
  gateway.name === 'deshabilitado' ? 'deshabilitada' : gateway.modoPrueba ? 'modo de prueba' : 'en vivo';

/**
 * One line at start with each gateway's state: live, sandbox ('modo de prueba') or off. A sandbox
 * in production, or a gateway off, is a warning: the operator should see it before a buyer does.
 */
function logGatewayStates(ctx: PlatformContext, gateways: { card: CardGateway; paypal: PaypalGateway }) {
  const states = { mercadoPago: gatewayState(gateways.card), paypal: gatewayState(gateways.paypal) };
  const text = `pasarelas de pago: MercadoPago ${states.mercadoPago}, PayPal ${states.paypal}`;
  const production = ctx.config.nodeEnv === 'production';
  const off = Object.values(states).includes('deshabilitada');
  const sandbox = Object.values(states).includes('modo de prueba');
  if (off) {
    ctx.log.warn(
      states,
      `${text} (una pasarela sin credenciales no se ofrece; PAYMENTS_SANDBOX=true la pone en modo de prueba)`,
    );
  } else if (sandbox && production) {
    ctx.log.warn(states, `${text} (PAYMENTS_SANDBOX=true: los pagos los simula Nexo)`);
  } else {
    ctx.log.info(states, text);
  }
}

/** The licence expiry job: one recurring row, checked hourly. */
const expiryJob = 'licencias.vencimiento';
const expiryEveryMs = 60 * 60_000;

/**
 * Builds the shop: the gateways from the configuration (for a provider without credentials, the
 * sandbox where PAYMENTS_SANDBOX allows it, else off), its services and routes, the sandbox's webhook delivery through this server's own
 * routes, and the licence expiry job on the durable scheduler.
 */
export async function registerShopModule(
  app: HttpApp,
  ctx: PlatformContext,
  deps: Omit<ShopDeps, 'db' | 'log' | 'hub' | 'card' | 'paypal' | 'currency' | 'publicUrl' | 'mailer'> & {
    /** The demo data fills example payment details (SEED_DEMO / DEMO). */
    seedDemo?: boolean;
    /** Tests pass gateways (a fake provider) instead of the configured ones. */
    gateways?: { card?: CardGateway; paypal?: PaypalGateway };
  },
) {
  const { payments: config } = ctx.config;
  const mp = config.mercadoPago;
  const pp = config.paypal;
  const mercadoPagoReady = Boolean(mp.accessToken && mp.publicKey && mp.webhookSecret);
  const paypalReady = Boolean(pp.clientId && pp.clientSecret && pp.webhookId);
  // Without credentials a provider is the sandbox only where that is allowed (PAYMENTS_SANDBOX, on
  // by default outside production); otherwise it is off: not offered, and refused.
  const sandboxCard: SandboxCardGateway | null =
    deps.gateways?.card || mercadoPagoReady || !config.sandbox
      ? null
      : createSandboxCardGateway({ secret: config.sandboxSecret });
  const sandboxPaypal: SandboxPaypalGateway | null =
    deps.gateways?.paypal || paypalReady || !config.sandbox
      ? null
      : createSandboxPaypalGateway({ secret: config.sandboxSecret });
  const card: CardGateway =
    deps.gateways?.card ??
    sandboxCard ??
    (mercadoPagoReady
      ? createMercadoPagoGateway({
          accessToken: mp.accessToken ?? '',
          publicKey: mp.publicKey ?? '',
          webhookSecret: mp.webhookSecret ?? '',
          apiRoot: mp.apiRoot,
        })
      : createDisabledCardGateway());
  const paypal: PaypalGateway =
    deps.gateways?.paypal ??
    sandboxPaypal ??
    (paypalReady
      ? createPaypalGateway({
          clientId: pp.clientId ?? '',
          clientSecret: pp.clientSecret ?? '',
          webhookId: pp.webhookId ?? '',
          environment: pp.environment,
          apiRoot: pp.apiRoot,
        })
      : createDisabledPaypalGateway());
  logGatewayStates(ctx, { card, paypal });

  const shopContext = createShopContext({
    ...deps,
    db: ctx.db,
    log: ctx.log.child({ module: 'shop' }),
    hub: ctx.hub,
    mailer: ctx.mailer,
    card,
    paypal,
    currency: config.currency,
    publicUrl: ctx.config.publicUrl ?? null,
  });
  const shop = createShopService(shopContext);
  const payments = createPaymentsService(shopContext, shop);
  await shop.seedCatalogue();
  if (deps.seedDemo) await shop.seedDemoPaymentDetails();

  const configPagos = (): ConfigPagos => ({
    modoPrueba: card.modoPrueba || paypal.modoPrueba,
    mercadoPagoPublicKey: card.publicKey,
    paypalClientId: paypal.clientId,
  });
  registerShopRoutes(app, shop, payments, configPagos);
  registerSandboxRoutes(app, { card: sandboxCard, paypal: sandboxPaypal }, shop);

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

  // An unpaid product purchase's reservation: one one-shot row per purchase, written with it.
  deps.scheduler.register(reservationJob, {
    run: async (job) => {
      await shop.expireReservation(job.refId);
    },
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
