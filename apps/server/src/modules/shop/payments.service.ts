import { createHash } from 'node:crypto';
import {
  type Compra,
  completar,
  estadosCompra,
  type GenerarCompraSuscripcionData,
  mediosPago,
  mensajes,
  origenesNotificacion,
  type PagoTarjeta,
  tiposCompra,
} from '@nexo/contracts';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.js';
import type { CardPayment } from './gateways/gateway.js';
import type { Effect } from './purchase-ledger.js';
import { type ShopContext, unavailable, unknownAsNull } from './shop.context.js';
import type { PurchaseRow } from './shop.repository.js';
import { paypalPlanId, planPrice, type ShopService } from './shop.service.js';

/** How a card payment attempt ended, for the payment wizard's result step. */
export interface ResultadoPago {
  estado: 'aprobado' | 'pendiente' | 'rechazado';
  mensaje: string;
}

/** The rejection reasons the provider reports, in the user's words. */
const motivosRechazo: Record<string, string> = {
  cc_rejected_insufficient_amount: 'fondos insuficientes',
  cc_rejected_bad_filled_security_code: 'el código de seguridad es incorrecto',
  cc_rejected_bad_filled_date: 'la fecha de vencimiento es incorrecta',
  cc_rejected_bad_filled_other: 'los datos de la tarjeta son incorrectos',
  cc_rejected_call_for_authorize: 'debe autorizar el pago llamando al emisor de la tarjeta',
  cc_rejected_invalid_token: 'los datos de la tarjeta vencieron, ingréselos nuevamente',
};

/**
 * Payments through the gateways: licences and product purchases by card, licences by PayPal, and
 * the providers' webhooks. A provider answer is never trusted from the browser: the server reads
 * the payment or subscription back from the provider before anything is granted.
 */
export function createPaymentsService(ctx: ShopContext, shop: ShopService) {
  const { deps, repo, ledger, now } = ctx;
  const { db } = deps;

  async function transaction<T>(work: (trx: typeof db, effects: Effect[]) => Promise<T>): Promise<T> {
    const effects: Effect[] = [];
    const result = await db.transaction().execute((trx) => work(trx, effects));
    await ledger.run(effects);
    return result;
  }

  /** The provider stopped charging (cancelled or paused there): a cancellation request here. */
  async function stopped(purchaseId: number, log: string) {
    await transaction(async (trx, effects) => {
      const locked = await repo.purchaseForUpdate(trx, purchaseId);
      if (
        locked &&
        (await ledger.move(trx, locked, estadosCompra.cancelacionSolicitada, log, null, effects, null))
      )
        await deps.licensing.setCancellation(locked.id, true, trx);
    });
  }

  /** Applies a provider payment to its purchase if it is approved and matches what was charged. */
  async function settle(
    purchase: PurchaseRow,
    payment: CardPayment,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (payment.status !== 'approved') return 'ignored';
    if (Math.abs(payment.amount - purchase.total) > 0.009) {
      await repo.insertLog(
        db,
        purchase.id,
        `Pago ${payment.id} con un monto distinto del total: revisar`,
        null,
        now(),
      );
      return 'ignored';
    }
    return transaction((trx, effects) =>
      ledger.confirmPayment(
        trx,
        purchase.id,
        {
          ref: `mercadopago:${payment.id}`,
          origen: deps.card.modoPrueba ? 'MercadoPago (modo de prueba)' : 'MercadoPago',
          motivo: 'Pago con tarjeta',
          monto: payment.amount,
          neto: payment.netReceived,
          moneda: purchase.moneda,
          autorId: null,
        },
        effects,
      ),
    );
  }

  /** Charges a waiting purchase by card, then records what happened. */
  async function charge(purchase: PurchaseRow, pago: PagoTarjeta, userId: number): Promise<ResultadoPago> {
    const items = await repo.items(db, [purchase.id]);
    let payment: CardPayment;
    try {
      payment = await deps.card.pay({
        amount: purchase.total,
        currency: deps.currency,
        token: pago.token,
        paymentMethodId: pago.paymentMethodId,
        issuerId: pago.issuerId === undefined || pago.issuerId === null ? null : String(pago.issuerId),
        installments: pago.installments,
        description: `Nexo: ${items.map((item) => item.nombre).join(', ')}`.slice(0, 250),
        externalReference: String(purchase.id),
        payer: { email: pago.email, docType: pago.docType, docNumber: pago.docNumber },
        // One charge per purchase and card token: a retried request never charges twice.
        idempotencyKey: `compra-${purchase.id}-${createHash('sha256').update(pago.token).digest('hex').slice(0, 24)}`,
        notificationUrl: deps.publicUrl ? `${deps.publicUrl}/sv/ventas/webhook/mercadopago` : null,
      });
    } catch (error) {
      await repo.insertLog(db, purchase.id, 'El medio de pago no respondió', userId, now());
      unavailable(error);
    }
    if (payment.status === 'approved') {
      await settle(purchase, payment);
      return { estado: 'aprobado', mensaje: 'Pago aprobado' };
    }
    if (payment.status === 'pending') {
      await repo.insertLog(db, purchase.id, `Pago ${payment.id} en revisión`, userId, now());
      return { estado: 'pendiente', mensaje: mensajes.pagoPendiente };
    }
    const motivo = motivosRechazo[payment.statusDetail] ?? 'el emisor de la tarjeta no lo aprobó';
    await repo.insertLog(db, purchase.id, `Pago ${payment.id} rechazado: ${motivo}`, userId, now());
    await ledger.run([
      async () => {
        await deps.notifier.notify(purchase.user_id, {
          titulo: completar(mensajes.compraNotificacionRechazada, { id: purchase.id }),
          origen: origenesNotificacion.compras,
          idRef: purchase.id,
        });
      },
    ]);
    return { estado: 'rechazado', mensaje: completar(mensajes.pagoRechazado, { motivo }) };
  }

  /**
   * A licence the card gateway charges every period (MercadoPago preapproval). The provider makes
   * the first charge and notifies it; the licence is granted when that charge arrives approved.
   */
  async function subscribe(
    purchase: PurchaseRow,
    pago: PagoTarjeta,
    userId: number,
    planName: string,
  ): Promise<ResultadoPago> {
    let subscription: Awaited<ReturnType<typeof deps.card.subscribe>>;
    try {
      subscription = await deps.card.subscribe({
        amount: purchase.total,
        currency: deps.currency,
        months: purchase.cantidad_meses ?? 1,
        token: pago.token,
        payerEmail: pago.email,
        reason: `Nexo ${planName}`,
        externalReference: String(purchase.id),
        idempotencyKey: `suscripcion-${purchase.id}-${createHash('sha256').update(pago.token).digest('hex').slice(0, 24)}`,
        backUrl: deps.publicUrl ? `${deps.publicUrl}/tienda/misCompras` : null,
      });
    } catch (error) {
      await repo.insertLog(db, purchase.id, 'El medio de pago no respondió', userId, now());
      unavailable(error);
    }
    if (subscription.status === 'cancelled') {
      const motivo = 'el emisor de la tarjeta no lo aprobó';
      await repo.insertLog(db, purchase.id, `Suscripción rechazada: ${motivo}`, userId, now());
      return { estado: 'rechazado', mensaje: completar(mensajes.pagoRechazado, { motivo }) };
    }
    await repo.updatePurchase(db, purchase.id, { ref_mp_suscripcion: subscription.id }, now());
    await repo.insertLog(db, purchase.id, 'Suscripción con renovación automática creada', userId, now());
    return { estado: 'pendiente', mensaje: mensajes.suscripcionCreada };
  }

  /** One period of a card subscription: applied once, like any provider payment. */
  async function settleCharge(chargeId: string): Promise<'applied' | 'duplicate' | 'ignored'> {
    const found = await unknownAsNull(deps.card.getSubscriptionCharge(chargeId));
    if (!found?.payment) return 'ignored';
    const purchase =
      (await repo.purchaseByMercadoPagoSubscription(db, found.subscriptionId)) ??
      (await repo.purchase(db, Number(found.payment.externalReference) || 0));
    if (!purchase) return 'ignored';
    return settle(purchase, found.payment);
  }

  async function answer(purchaseId: number, resultadoPago: ResultadoPago) {
    const row = await repo.purchase(db, purchaseId);
    if (!row) throw new Error('compra desaparecida');
    return { compra: await ctx.compra(db, row), resultadoPago };
  }

  return {
    /**
     * generarCompraSuscripcion: a licence paid by card. A new purchase waits for the payment; a
     * rejected card leaves it waiting, and the wizard retries on the same purchase (`idCompra`).
     */
    async generarCompraSuscripcion(
      userId: number,
      input: GenerarCompraSuscripcionData,
    ): Promise<{ compra: Compra; resultadoPago: ResultadoPago }> {
      await ctx.requireBuyer(userId);
      await ctx.requireOffered(mediosPago.pasarela);
      const plan = await shop.planOf(input.idSuscripcion);
      if (plan.solo_gratis === 1) throw badRequest(mensajes.planSoloGratis);
      const total = planPrice(plan, input.cantidadMeses, 'local');
      if (total <= 0) throw badRequest(mensajes.planInexistente);
      let purchase: PurchaseRow;
      if (input.idCompra) {
        purchase = await ctx.ownPurchase(db, userId, input.idCompra);
        if (
          purchase.tipo_compra_id !== tiposCompra.licencia ||
          purchase.estado_id !== estadosCompra.enEspera ||
          purchase.plan_id !== Number(plan.id) ||
          purchase.moneda !== 'ARS'
        )
          throw conflict(mensajes.compraNoPagable);
        if (
          purchase.medio_pago_id !== mediosPago.pasarela ||
          purchase.cantidad_meses !== input.cantidadMeses
        ) {
          await repo.updatePurchase(
            db,
            purchase.id,
            { medio_pago_id: mediosPago.pasarela, cantidad_meses: input.cantidadMeses, total },
            now(),
          );
          purchase = {
            ...purchase,
            medio_pago_id: mediosPago.pasarela,
            cantidad_meses: input.cantidadMeses,
            total,
          };
        }
      } else {
        purchase = await transaction((trx) =>
          shop.createLicencePurchase(trx, userId, plan, input.cantidadMeses, {
            medioPagoId: mediosPago.pasarela,
            moneda: 'ARS',
            total,
          }),
        );
      }
      const resultado = input.renovacionAutomatica
        ? await subscribe(purchase, input.pago, userId, plan.nombre)
        : await charge(purchase, input.pago, userId);
      return answer(purchase.id, resultado);
    },

    /** 'Iniciar pago' on a waiting product purchase whose means is the gateway. */
    async pagarCompra(userId: number, input: { id: number; pago: PagoTarjeta }) {
      await ctx.requireBuyer(userId);
      await ctx.requireOffered(mediosPago.pasarela);
      const purchase = await ctx.ownPurchase(db, userId, input.id);
      if (purchase.estado_id !== estadosCompra.enEspera) throw conflict(mensajes.compraNoPagable);
      if (purchase.medio_pago_id !== mediosPago.pasarela) throw conflict(mensajes.compraNoPasarela);
      return answer(purchase.id, await charge(purchase, input.pago, userId));
    },

    /**
     * generarCompraSuscripcionPaypal: the subscription PayPal's button approved. It is read back
     * from PayPal: it must be active and on this plan's PayPal plan for the period.
     */
    async generarCompraSuscripcionPaypal(
      userId: number,
      input: { idSuscripcion: number; cantidadMeses: 1 | 3 | 6 | 12; subscriptionID: string },
    ): Promise<Compra> {
      await ctx.requireBuyer(userId);
      await ctx.requireOffered('paypal');
      const plan = await shop.planOf(input.idSuscripcion);
      const expectedPlan = paypalPlanId(plan, input.cantidadMeses, deps.paypal.name === 'sandbox');
      const total = planPrice(plan, input.cantidadMeses, 'paypal');
      if (!expectedPlan || total <= 0 || plan.solo_gratis === 1) throw badRequest(mensajes.planSinPaypal);
      const known = await repo.purchaseByPaypalRef(db, input.subscriptionID);
      if (known) {
        if (known.user_id !== userId) throw forbidden();
        return ctx.compra(db, known);
      }
      const subscription = await unknownAsNull(deps.paypal.getSubscription(input.subscriptionID));
      if (!subscription) throw badRequest(mensajes.paypalSuscripcionInexistente);
      if (!['ACTIVE', 'APPROVED'].includes(subscription.status) || subscription.planId !== expectedPlan)
        throw badRequest(mensajes.paypalNoActiva);
      const purchaseId = await transaction(async (trx, effects) => {
        const purchase = await shop.createLicencePurchase(trx, userId, plan, input.cantidadMeses, {
          medioPagoId: null,
          moneda: 'USD',
          total,
          refPaypal: subscription.id,
        });
        await ledger.confirmPayment(
          trx,
          purchase.id,
          {
            ref: `paypal:${subscription.id}:${Math.max(1, subscription.cyclesCompleted)}`,
            origen: deps.paypal.modoPrueba ? 'PayPal (modo de prueba)' : 'PayPal',
            motivo: 'Suscripción PayPal, primer período',
            monto: total,
            neto: total,
            moneda: 'USD',
            autorId: null,
          },
          effects,
        );
        return purchase.id;
      });
      const row = await repo.purchase(db, purchaseId);
      if (!row) throw new Error('compra desaparecida');
      return ctx.compra(db, row);
    },

    /**
     * MercadoPago's notification: the signature is checked, then the payment is read back from
     * MercadoPago and applied once. Returns false when the notification is not genuine.
     */
    async onMercadoPagoNotification(input: {
      headers: Record<string, string | string[] | undefined>;
      query: Record<string, unknown>;
      body: unknown;
    }): Promise<'applied' | 'duplicate' | 'ignored' | 'refused'> {
      const verified = deps.card.verifyNotification(input);
      if (!verified) return 'refused';
      if (verified.type === 'subscription_authorized_payment') {
        const result = await settleCharge(verified.dataId);
        await repo.rememberNotification(db, 'mercadopago', verified.notificationId, now());
        return result;
      }
      if (verified.type === 'subscription_preapproval') {
        const subscription = await unknownAsNull(deps.card.getSubscription(verified.dataId));
        if (!subscription) return 'ignored';
        const purchase = await repo.purchaseByMercadoPagoSubscription(db, subscription.id);
        if (!purchase || subscription.status === 'authorized' || subscription.status === 'pending')
          return 'ignored';
        await stopped(purchase.id, 'Suscripción detenida en MercadoPago');
        return 'applied';
      }
      const payment = await unknownAsNull(deps.card.getPayment(verified.dataId));
      if (!payment) {
        await repo.rememberNotification(db, 'mercadopago', verified.notificationId, now());
        return 'ignored';
      }
      const purchaseId = Number(payment.externalReference);
      const purchase =
        Number.isInteger(purchaseId) && purchaseId > 0 ? await repo.purchase(db, purchaseId) : undefined;
      const result = purchase ? await settle(purchase, payment) : 'ignored';
      await repo.rememberNotification(db, 'mercadopago', verified.notificationId, now());
      return result;
    },

    /** PayPal's notification: renewals extend the licence; a cancellation at PayPal is a cancellation request. */
    async onPaypalNotification(input: {
      headers: Record<string, string | string[] | undefined>;
      body: unknown;
    }): Promise<'applied' | 'duplicate' | 'ignored' | 'refused'> {
      const event = await deps.paypal.verifyNotification(input).catch(unavailable);
      if (!event) return 'refused';
      if (!(await repo.rememberNotification(db, 'paypal', event.eventId, now()))) return 'duplicate';
      if (!event.subscriptionId) return 'ignored';
      const purchase = await repo.purchaseByPaypalRef(db, event.subscriptionId);
      if (!purchase) return 'ignored';
      if (event.eventType === 'PAYMENT.SALE.COMPLETED') {
        const subscription = await unknownAsNull(deps.paypal.getSubscription(event.subscriptionId));
        if (!subscription) return 'ignored';
        return transaction((trx, effects) =>
          ledger.confirmPayment(
            trx,
            purchase.id,
            {
              ref: `paypal:${subscription.id}:${Math.max(1, subscription.cyclesCompleted)}`,
              origen: deps.paypal.modoPrueba ? 'PayPal (modo de prueba)' : 'PayPal',
              motivo: 'Suscripción PayPal, renovación',
              monto: purchase.total,
              neto: purchase.total,
              moneda: 'USD',
              autorId: null,
            },
            effects,
          ),
        );
      }
      if (
        event.eventType === 'BILLING.SUBSCRIPTION.CANCELLED' ||
        event.eventType === 'BILLING.SUBSCRIPTION.SUSPENDED'
      ) {
        await transaction(async (trx, effects) => {
          const locked = await repo.purchaseForUpdate(trx, purchase.id);
          if (
            locked &&
            (await ledger.move(
              trx,
              locked,
              estadosCompra.cancelacionSolicitada,
              'Suscripción detenida en PayPal',
              null,
              effects,
              null,
            ))
          )
            await deps.licensing.setCancellation(locked.id, true, trx);
        });
        return 'applied';
      }
      return 'ignored';
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
