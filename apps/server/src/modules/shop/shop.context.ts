import { mediosPago, mediosPagoCatalogo, mensajes } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { LicensingService } from '../licensing/index.js';
import {
  type CardGateway,
  GatewayNotFoundError,
  GatewayUnavailableError,
  type PaypalGateway,
} from './gateways/gateway.js';
import { createPurchaseLedger, type Notifier } from './purchase-ledger.js';
import { createShopRepository, type PurchaseRow } from './shop.repository.js';
import { datosLocal, datosTransferencia } from './shop.settings.js';
import { createShopViews } from './shop.views.js';

/** A provider that cannot be reached answers 503 with the catalogue's text; the purchase is left as it was. */
export function unavailable(error: unknown): never {
  if (error instanceof GatewayUnavailableError) throw new AppError(503, mensajes.pagoNoDisponible);
  throw error;
}

/**
 * A provider read that may name something the provider does not know: null then (a notification
 * about an unknown payment is ignored, never a 5xx); an unreachable provider is still 503.
 */
export function unknownAsNull<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof GatewayNotFoundError) return null;
    return unavailable(error);
  });
}

/** What the shop needs from its siblings and the platform; modules.ts passes the real ones. */
export interface ShopDeps {
  db: Db;
  log: Logger;
  hub: RealtimePublisher;
  notifier: Notifier;
  licensing: LicensingService;
  /** The users module's directory: sub-users cannot buy, admins are read now, usernames for lists. */
  users: {
    parentOf(userId: number): Promise<number | null>;
    hasPlatformRole(userId: number, rol: string): Promise<boolean>;
    usernamesOf(userIds: readonly number[]): Promise<Map<number, string>>;
    contactOf(userId: number): Promise<{ mail: string; nombre: string } | null>;
    timeZoneOf(userId: number, executor?: Db): Promise<string>;
  };
  /** Outgoing mail: how to pay a purchase by transfer or at the shop. */
  mailer: Mailer;
  /** The durable scheduler: an unpaid product purchase's reservation ends on it. */
  scheduler: Scheduler;
  /** Device names for a purchase's assigned devices (the devices module). */
  deviceNames?: (ids: readonly number[]) => Promise<Map<number, string>>;
  card: CardGateway;
  paypal: PaypalGateway;
  /** The admin module's audit log: who changed which purchase (admin actions only). */
  audit?: (
    actorId: number,
    objeto: 'compra',
    objetoId: number,
    accion: string,
    detalle?: unknown,
  ) => Promise<void>;
  /** The local currency the card gateway charges. */
  currency: string;
  /** Where providers send notifications and return buyers (PUBLIC_URL); null = not announced. */
  publicUrl: string | null;
  now?: () => number;
}

/** The pieces both shop services share: repository, views, ledger and the ownership checks. */
export function createShopContext(deps: ShopDeps) {
  const now = deps.now ?? Date.now;
  const repo = createShopRepository();
  const ledger = createPurchaseLedger({
    ...deps,
    repo,
    now,
    timeZoneOf: (userId, trx) => deps.users.timeZoneOf(userId, trx),
  });
  const toCompras = createShopViews({
    repo,
    settings: (db) => repo.settings(db),
    licensing: deps.licensing,
    deviceNames: deps.deviceNames ?? (async () => new Map()),
    usernamesOf: (ids) => deps.users.usernamesOf(ids),
  });

  const cardOn = deps.card.name !== 'deshabilitado';
  const paypalOn = deps.paypal.name !== 'deshabilitado';

  /**
   * The one place that decides which payment means are offered: the web's list
   * (`traerMediosPago`) and every purchase ask it. The card (the gateway) and PayPal only when
   * their gateway is live or, where allowed, the sandbox; transfer and paying at the shop only
   * when the admin keeps their details (/admin/catalogo, 'Datos de pago').
   */
  async function mediosOfrecidos(db: Db = deps.db) {
    const settings = await repo.settings(db);
    const off = new Set<number>();
    if (!cardOn) off.add(mediosPago.pasarela);
    if (!datosTransferencia(settings)) off.add(mediosPago.transferencia);
    if (!datosLocal(settings)) off.add(mediosPago.pagoEnLocal);
    return {
      mediosPago: mediosPagoCatalogo.filter((medio) => !off.has(medio.id)),
      paypal: paypalOn,
    };
  }

  return {
    deps,
    repo,
    ledger,
    toCompras,
    now,
    mediosOfrecidos,

    /** Refuses a means that is not offered, with the catalogue's text for it (400). */
    async requireOffered(medio: number | 'paypal', db: Db = deps.db): Promise<void> {
      if (medio === 'paypal') {
        if (!paypalOn) throw badRequest(mensajes.paypalNoHabilitado);
        return;
      }
      if (medio === mediosPago.pasarela && !cardOn) throw badRequest(mensajes.tarjetaNoHabilitada);
      if (medio === mediosPago.transferencia || medio === mediosPago.pagoEnLocal) {
        const settings = await repo.settings(db);
        if (medio === mediosPago.transferencia && !datosTransferencia(settings))
          throw fieldError('medioPago', mensajes.transferenciaNoHabilitada);
        if (medio === mediosPago.pagoEnLocal && !datosLocal(settings))
          throw fieldError('medioPago', mensajes.pagoLocalNoHabilitado);
      }
    },

    /** Sub-users buy nothing: their licence is their parent's (spec 2 §6). */
    async requireBuyer(userId: number) {
      if ((await deps.users.parentOf(userId)) !== null) throw forbidden(mensajes.usuarioConSuscripcionPadre);
    },

    /** The purchase if it is the user's; a foreign or unknown id answers the same 404. */
    async ownPurchase(db: Db, userId: number, id: number, lock = false): Promise<PurchaseRow> {
      const purchase = lock ? await repo.purchaseForUpdate(db, id) : await repo.purchase(db, id);
      if (!purchase || purchase.user_id !== userId) throw notFound(mensajes.compraInexistente);
      return purchase;
    },

    async compra(db: Db, purchase: PurchaseRow, admin = false) {
      const [compra] = await toCompras(db, [purchase], { admin });
      if (!compra) throw new Error('compra sin vista');
      return compra;
    },
  };
}

export type ShopContext = ReturnType<typeof createShopContext>;
