import {
  completar,
  descripcionDe,
  estadosCompra,
  estadosCompraCatalogo,
  formatoFecha,
  formatoMoneda,
  mensajes,
  type OrigenNotificacion,
  origenesNotificacion,
  tiposCompra,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { LicensingService } from '../licensing/index.js';
import { canMove, statesBefore } from './purchase-states.js';
import type { PurchaseRow, ShopRepository } from './shop.repository.js';

export interface Notifier {
  notify(
    userId: number,
    input: { titulo: string; cuerpo?: string; origen: OrigenNotificacion; idRef?: number | null },
  ): Promise<unknown>;
}

/** What happens after a transaction commits: notifications and live events, never inside it. */
export type Effect = () => Promise<void> | void;

export interface LedgerDeps {
  db: Db;
  log: Logger;
  repo: ShopRepository;
  licensing: Pick<LicensingService, 'grantPurchased'>;
  hub: RealtimePublisher;
  notifier: Notifier;
  /** The buyer's time zone (dates in log lines and notifications), read in the caller's transaction. */
  timeZoneOf(userId: number, executor: Db): Promise<string>;
  now: () => number;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The one place a purchase changes state, a payment is recorded or a licence is granted, each inside
 * the caller's transaction, with its log line, and the user told after commit: 'compras'
 * notification, `compra.estado` and, for licences, `token.actualizado`.
 */
export function createPurchaseLedger(deps: LedgerDeps) {
  const { repo, now } = deps;

  function announce(
    purchase: PurchaseRow,
    estadoId: number,
    titulo: string | null,
    licence: boolean,
  ): Effect[] {
    const estado = { id: estadoId, descripcion: descripcionDe(estadosCompraCatalogo, estadoId) };
    const effects: Effect[] = [
      () =>
        deps.hub.publish(topics.usuario(purchase.user_id), {
          tipo: 'compra.estado',
          idCompra: purchase.id,
          estado,
        }),
    ];
    if (licence)
      effects.push(() => deps.hub.publish(topics.usuario(purchase.user_id), { tipo: 'token.actualizado' }));
    if (titulo)
      effects.push(async () => {
        await deps.notifier.notify(purchase.user_id, {
          titulo,
          origen: origenesNotificacion.compras,
          idRef: purchase.id,
        });
      });
    return effects;
  }

  async function grant(trx: Db, purchase: PurchaseRow, esGratuito: boolean, effects: Effect[]) {
    if (purchase.plan_id === null || purchase.cantidad_meses === null)
      throw new Error(`compra ${purchase.id} sin plan`);
    const granted = await deps.licensing.grantPurchased(trx, {
      userId: purchase.user_id,
      planId: purchase.plan_id,
      months: purchase.cantidad_meses,
      compraId: purchase.id,
      esGratuito,
    });
    const zona = await deps.timeZoneOf(purchase.user_id, trx);
    await repo.insertLog(
      trx,
      purchase.id,
      `Licencia ${esGratuito ? 'de prueba ' : ''}vigente hasta el ${formatoFecha(granted.fechaHasta, zona)}`,
      null,
      now(),
    );
    if (granted.replacedCompraId !== null) {
      const replaced = await repo.purchaseForUpdate(trx, granted.replacedCompraId);
      if (
        replaced &&
        (await repo.moveState(
          trx,
          replaced.id,
          statesBefore(tiposCompra.licencia, estadosCompra.finalizada),
          estadosCompra.finalizada,
          now(),
        ))
      ) {
        await repo.insertLog(trx, replaced.id, `Renovada por la compra #${purchase.id}`, null, now());
        effects.push(...announce(replaced, estadosCompra.finalizada, null, false));
      }
    }
    return { ...granted, zona };
  }

  /** Grants the licence and tells the user it is active until its date. */
  async function activate(trx: Db, purchase: PurchaseRow, esGratuito: boolean, effects: Effect[]) {
    const granted = await grant(trx, purchase, esGratuito, effects);
    const plan = (await repo.items(trx, [purchase.id]))[0]?.nombre ?? '';
    const titulo = completar(mensajes.compraNotificacionActivada, {
      plan,
      fecha: formatoFecha(granted.fechaHasta, granted.zona),
    });
    effects.push(...announce(purchase, estadosCompra.activada, titulo, true));
  }

  return {
    announce,

    /** Runs effects after commit; a failed notification is logged, never undoes the purchase. */
    async run(effects: Effect[]) {
      for (const effect of effects) {
        try {
          await effect();
        } catch (error) {
          deps.log.error({ err: error }, 'no se pudo avisar un cambio de compra');
        }
      }
    },

    /**
     * Moves a purchase to `to` if the state machine allows it from its current state, with a log
     * line. Returns false (and changes nothing) when it is not allowed or someone moved it first.
     */
    async move(
      trx: Db,
      purchase: PurchaseRow,
      to: number,
      log: string,
      autorId: number | null,
      effects: Effect[],
      titulo: string | null,
    ) {
      if (!canMove(purchase.tipo_compra_id, purchase.estado_id, to)) return false;
      if (!(await repo.moveState(trx, purchase.id, [purchase.estado_id], to, now()))) return false;
      await repo.insertLog(trx, purchase.id, log, autorId, now());
      effects.push(...announce(purchase, to, titulo, purchase.tipo_compra_id === tiposCompra.licencia));
      return true;
    },

    /**
     * Applies a confirmed payment once (the provider's payment id is unique): records it with what
     * actually arrived, activates or extends the licence, or marks the product purchase paid.
     * Returns 'duplicate' when that provider payment was applied before: nothing changes.
     */
    async confirmPayment(
      trx: Db,
      purchaseId: number,
      payment: {
        ref: string | null;
        origen: string;
        motivo: string;
        monto: number;
        neto: number;
        moneda: 'ARS' | 'USD';
        autorId: number | null;
      },
      effects: Effect[],
    ): Promise<'applied' | 'duplicate'> {
      const purchase = await repo.purchaseForUpdate(trx, purchaseId);
      if (!purchase) throw new Error(`compra ${purchaseId} inexistente`);
      const paymentId = await repo.insertPayment(trx, {
        purchase_id: purchase.id,
        motivo: payment.motivo,
        origen: payment.origen,
        monto: round2(payment.monto),
        monto_final_recibido: round2(payment.neto),
        moneda: payment.moneda,
        ref_externa: payment.ref,
        created_at: now(),
      });
      if (paymentId === null) return 'duplicate';
      await repo.insertLog(
        trx,
        purchase.id,
        `Pago recibido: ${formatoMoneda(payment.monto, payment.moneda)} (${payment.origen})`,
        payment.autorId,
        now(),
      );
      if (purchase.tipo_compra_id === tiposCompra.licencia) {
        const grantable: number[] = [
          estadosCompra.enEspera,
          estadosCompra.activada,
          estadosCompra.cancelacionSolicitada,
        ];
        if (!grantable.includes(purchase.estado_id)) {
          // Money for a purchase that no longer waits (cancelled, finished): kept and flagged for a refund.
          await repo.insertLog(
            trx,
            purchase.id,
            'Pago recibido con la compra cerrada: corresponde devolverlo',
            null,
            now(),
          );
          return 'applied';
        }
        await activate(trx, purchase, false, effects);
        if (purchase.estado_id === estadosCompra.enEspera) {
          await repo.moveState(trx, purchase.id, [estadosCompra.enEspera], estadosCompra.activada, now());
        }
        return 'applied';
      }
      if (purchase.estado_id === estadosCompra.enEspera) {
        await repo.moveState(trx, purchase.id, [estadosCompra.enEspera], estadosCompra.pagada, now());
        effects.push(
          ...announce(
            purchase,
            estadosCompra.pagada,
            completar(mensajes.compraNotificacionPagada, { id: purchase.id }),
            false,
          ),
        );
      } else {
        await repo.insertLog(
          trx,
          purchase.id,
          'Pago recibido con la compra ya pagada o cerrada: revisar',
          null,
          now(),
        );
      }
      return 'applied';
    },

    /** The free trial of a plan: the purchase is created activated and the trial token issued. */
    async activateFree(trx: Db, purchase: PurchaseRow, effects: Effect[]) {
      await activate(trx, purchase, true, effects);
    },
  };
}

export type PurchaseLedger = ReturnType<typeof createPurchaseLedger>;
