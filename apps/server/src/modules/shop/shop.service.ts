import {
  type CategoriaProducto,
  type Compra,
  completar,
  type costoPorPeriodo,
  estadosCompra,
  estadosCompraCatalogo,
  type GenerarCompraData,
  type GrabarSuscripcionData,
  type GuardarProductoData,
  type ModificarCompraData,
  mediosPago,
  mensajes,
  type PlanTienda,
  type Producto,
  periodoDe,
  rolesUsuario,
  tiposCompra,
  tiposEnvio,
  tiposSuscripcionCatalogo,
  topics,
} from '@nexo/contracts';
import type { PlanRow } from '../../platform/db/schema.js';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
} from '../../platform/http/errors.js';
import type { Effect } from './purchase-ledger.js';
import { round2 } from './purchase-ledger.js';
import { createCheckout, mailInstructions as mailInstructionsOf, reservationJob } from './shop.checkout.js';
import { type ShopContext, unavailable } from './shop.context.js';
import type { PurchaseRow } from './shop.repository.js';

type Periodo = keyof typeof costoPorPeriodo;

/** The plan fields that hold each period's price, in the database's names. */
const planColumns = {
  1: { local: 'costo', paypal: 'costo_paypal', paypalPlan: 'paypal_plan_uno' },
  3: { local: 'costo_tres', paypal: 'costo_tres_paypal', paypalPlan: 'paypal_plan_tres' },
  6: { local: 'costo_seis', paypal: 'costo_seis_paypal', paypalPlan: 'paypal_plan_seis' },
  12: { local: 'costo_doce', paypal: 'costo_doce_paypal', paypalPlan: 'paypal_plan_doce' },
} as const satisfies Record<
  Periodo,
  { local: keyof PlanRow; paypal: keyof PlanRow; paypalPlan: keyof PlanRow }
>;

export function planPrice(plan: PlanRow, meses: Periodo, moneda: 'local' | 'paypal'): number {
  return round2(Number(plan[planColumns[meses][moneda]]));
}

/** The PayPal plan id of a period; the PayPal sandbox names its own when the plan has none. */
export function paypalPlanId(plan: PlanRow, meses: Periodo, sandbox: boolean): string | null {
  return plan[planColumns[meses].paypalPlan] ?? (sandbox ? `SANDBOX-P-${plan.id}-${meses}` : null);
}

export function toPlanTienda(plan: PlanRow, sandboxPaypal: boolean): PlanTienda {
  const id = Number(plan.id);
  return {
    id,
    nombre: plan.nombre,
    tipoSuscripcion: {
      id: plan.tipo_suscripcion_id,
      descripcion: tiposSuscripcionCatalogo.find((t) => t.id === plan.tipo_suscripcion_id)?.descripcion ?? '',
    },
    costo: Number(plan.costo),
    costoTres: Number(plan.costo_tres),
    costoSeis: Number(plan.costo_seis),
    costoDoce: Number(plan.costo_doce),
    costoPaypal: Number(plan.costo_paypal),
    costoTresPaypal: Number(plan.costo_tres_paypal),
    costoSeisPaypal: Number(plan.costo_seis_paypal),
    costoDocePaypal: Number(plan.costo_doce_paypal),
    idSuscripcionPaypalUno: paypalPlanId(plan, 1, sandboxPaypal),
    idSuscripcionPaypalTres: paypalPlanId(plan, 3, sandboxPaypal),
    idSuscripcionPaypalSeis: paypalPlanId(plan, 6, sandboxPaypal),
    idSuscripcionPaypalDoce: paypalPlanId(plan, 12, sandboxPaypal),
    cantMesesGratis: plan.cant_meses_gratis,
    cantidadSensores: plan.cantidad_sensores,
    cantidadDispositivos: plan.cantidad_dispositivos,
    cantidadUsuarios: plan.cantidad_usuarios,
    soloGratis: plan.solo_gratis === 1,
    puedeSerGratis: plan.puede_ser_gratis === 1,
    permiteVistas: plan.permite_vistas === 1,
    permiteMapa: plan.permite_mapa === 1,
  };
}

/** The first catalogue of a fresh installation (spec 1: boards with the app included, sensors). */
export const productCategoriesCatalogue = [
  { id: 1, descripcion: 'Placas' },
  { id: 2, descripcion: 'Sensores' },
  { id: 3, descripcion: 'Actuadores' },
  { id: 4, descripcion: 'Accesorios' },
] as const;

const firstProducts = [
  {
    nombre: 'Placa Nexo WiFi',
    descripcion: 'ESP32 con la app de Nexo instalada, lista para conectar.',
    modelo: 'NX-ESP32',
    categoria_id: 1,
    valor: 24_900,
    stock: 25,
  },
  {
    nombre: 'Placa Nexo Mini',
    descripcion: 'ESP8266 con la app de Nexo, para un relé o un sensor.',
    modelo: 'NX-ESP8266',
    categoria_id: 1,
    valor: 14_500,
    stock: 40,
  },
  {
    nombre: 'Sensor de temperatura y humedad',
    descripcion: 'DHT22 con cable de 1 m.',
    modelo: 'DHT22',
    categoria_id: 2,
    valor: 6_800,
    stock: 60,
  },
  {
    nombre: 'Sensor de nivel ultrasónico',
    descripcion: 'Para tanques de hasta 4 m.',
    modelo: 'JSN-SR04T',
    categoria_id: 2,
    valor: 9_900,
    stock: 15,
  },
  {
    nombre: 'Módulo relé 2 canales',
    descripcion: '10 A por canal, optoacoplado.',
    modelo: 'RL-2CH',
    categoria_id: 3,
    valor: 4_300,
    stock: 80,
  },
  {
    nombre: 'Dimmer 220 V',
    descripcion: 'Control de fase para lámparas regulables.',
    modelo: 'DIM-220',
    categoria_id: 3,
    valor: 11_200,
    stock: 0,
  },
  {
    nombre: 'Fuente 5 V 2 A',
    descripcion: 'Fuente para riel DIN.',
    modelo: 'PS-5V2A',
    categoria_id: 4,
    valor: 7_500,
    stock: 30,
  },
];

/** Catalogue, cart purchases, licence purchases without a card, cancellation, and the admin side. */
export function createShopService(ctx: ShopContext) {
  const { deps, repo, ledger, now } = ctx;
  const { db } = deps;

  async function requireAdmin(userId: number) {
    if (!(await deps.users.hasPlatformRole(userId, rolesUsuario.admin))) throw forbidden();
  }

  const mailInstructions = (userId: number, compra: Compra) => mailInstructionsOf(ctx, userId, compra);

  async function planOf(planId: number): Promise<PlanRow> {
    const plan = await deps.licensing.planById(planId);
    if (plan?.activo !== 1) throw notFound(mensajes.planInexistente);
    return plan;
  }

  async function transaction<T>(work: (trx: typeof db, effects: Effect[]) => Promise<T>): Promise<T> {
    const effects: Effect[] = [];
    const result = await db.transaction().execute((trx) => work(trx, effects));
    await ledger.run(effects);
    return result;
  }

  /** Creates a licence purchase waiting for its payment (card, PayPal, transfer or at the shop). */
  async function createLicencePurchase(
    trx: typeof db,
    userId: number,
    plan: PlanRow,
    meses: Periodo,
    values: {
      medioPagoId: number | null;
      moneda: 'ARS' | 'USD';
      total: number;
      refPaypal?: string | null;
      gratis?: boolean;
    },
  ) {
    const id = await repo.insertPurchase(
      trx,
      {
        user_id: userId,
        estado_id: values.gratis ? estadosCompra.activada : estadosCompra.enEspera,
        tipo_compra_id: tiposCompra.licencia,
        medio_pago_id: values.medioPagoId,
        tipo_envio_id: null,
        direccion_envio: null,
        total: values.total,
        moneda: values.moneda,
        plan_id: Number(plan.id),
        cantidad_meses: meses,
        modo_gratuita: values.gratis ? 1 : 0,
        ref_mercado_pago: null,
        ref_paypal: values.refPaypal ?? null,
        ref_mp_suscripcion: null,
        numero_seguimiento: null,
        reservada_hasta: null,
      },
      now(),
    );
    await repo.insertItems(trx, id, [
      {
        product_id: null,
        plan_id: Number(plan.id),
        nombre: plan.nombre,
        modelo: '',
        cantidad: 1,
        costo: values.total,
      },
    ]);
    const periodo = periodoDe(meses);
    await repo.insertLog(
      trx,
      id,
      values.gratis
        ? `Prueba gratuita de ${plan.nombre} por ${meses} ${meses === 1 ? 'mes' : 'meses'}`
        : `Compra creada: ${plan.nombre}, período ${periodo?.nombre ?? meses}`,
      userId,
      now(),
    );
    const row = await repo.purchase(trx, id);
    if (!row) throw new Error('compra recién creada no encontrada');
    return row;
  }

  /**
   * Cancellation requested (true) or withdrawn (false): the provider's subscription stops or resumes
   * charging first, then the purchase moves and its tokens follow, in one transaction.
   */
  async function switchCancellation(userId: number, purchase: PurchaseRow, cancel: boolean): Promise<Compra> {
    if (purchase.ref_paypal) {
      const reason = cancel ? 'Cancelación solicitada por el usuario' : 'Reactivada por el usuario';
      await (cancel
        ? deps.paypal.suspend(purchase.ref_paypal, reason)
        : deps.paypal.activate(purchase.ref_paypal, reason)
      ).catch(unavailable);
    }
    if (purchase.ref_mp_suscripcion)
      await deps.card.setSubscriptionActive(purchase.ref_mp_suscripcion, !cancel).catch(unavailable);
    await transaction(async (trx, effects) => {
      const locked = await ctx.ownPurchase(trx, userId, purchase.id, true);
      const to = cancel ? estadosCompra.cancelacionSolicitada : estadosCompra.activada;
      const log = cancel ? 'Cancelación solicitada' : 'Licencia reactivada';
      if (!(await ledger.move(trx, locked, to, log, userId, effects, null)))
        throw conflict(mensajes.compraEstadoInvalido);
      await deps.licensing.setCancellation(locked.id, cancel, trx);
    });
    const fresh = await repo.purchase(db, purchase.id);
    if (!fresh) throw notFound(mensajes.compraInexistente);
    return ctx.compra(db, fresh);
  }

  return {
    createLicencePurchase,
    planOf,

    // ---- catalogue ----

    async categorias(): Promise<CategoriaProducto[]> {
      return (await repo.categories(db)).map((c) => ({ id: c.id, descripcion: c.descripcion }));
    },

    async productos(categoriaId?: number): Promise<Producto[]> {
      return (await repo.products(db, { categoriaId })).map((p) => ({
        id: p.id,
        nombre: p.nombre,
        descripcion: p.descripcion,
        modelo: p.modelo,
        valor: p.valor,
        stock: p.stock,
        categoriaProducto: { id: p.categoria_id, descripcion: p.categoria },
      }));
    },

    /** The plans on sale, cheapest first (spec 2 §9); the 'existing device' plan is not sold. */
    async planes(): Promise<PlanTienda[]> {
      const plans = await deps.licensing.activePlans();
      return plans.map((plan) => toPlanTienda(plan, deps.paypal.name === 'sandbox'));
    },

    tiposSuscripcion: () => [...tiposSuscripcionCatalogo],
    /** The means offered now (the card and PayPal only when their gateway is on). */
    mediosOfrecidos: () => ctx.mediosOfrecidos(),

    // ---- payment details, unpaid orders and the account's cart ----
    ...createCheckout(ctx, transaction, requireAdmin),
    estadosCompra: () => [...estadosCompraCatalogo],

    async seedCatalogue(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('product_categories')
          .values([...productCategoriesCatalogue])
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        if ((await repo.countProducts(trx)) === 0) {
          await trx
            .insertInto('products')
            .values(firstProducts.map((p) => ({ ...p, activo: 1, created_at: now() })))
            .execute();
        }
      });
    },

    // ---- the user's purchases ----

    async misCompras(userId: number): Promise<Compra[]> {
      return ctx.toCompras(db, await repo.purchasesOf(db, userId));
    },

    async owns(userId: number, compraId: number): Promise<boolean> {
      const purchase = await repo.purchase(db, compraId);
      return purchase?.user_id === userId;
    },

    /**
     * The cart becomes a purchase waiting for payment. Prices come from the catalogue, and each
     * product's units are taken with a conditional update, so the last unit goes to one buyer only;
     * if any line cannot be served, nothing is taken.
     */
    async generarCompra(userId: number, input: GenerarCompraData): Promise<Compra> {
      await ctx.requireBuyer(userId);
      await ctx.requireOffered(input.medioPago.id);
      const quantities = new Map<number, number>();
      /** The first cart line (1-based) of each product: errors name the line, not the product id. */
      const lineOf = new Map<number, number>();
      input.carrito.forEach((item, index) => {
        quantities.set(item.producto.id, (quantities.get(item.producto.id) ?? 0) + item.cantidad);
        if (!lineOf.has(item.producto.id)) lineOf.set(item.producto.id, index);
      });
      const compra = await transaction(async (trx, effects) => {
        await repo.lockBuyer(trx, userId);
        const settings = await repo.settings(trx);
        if ((await repo.countUnpaidProductPurchases(trx, userId)) >= settings.max_compras_impagas)
          throw conflict(completar(mensajes.comprasImpagasMaximo, { n: settings.max_compras_impagas }));
        const products = await repo.products(trx, { ids: [...quantities.keys()] });
        const byId = new Map(products.map((p) => [p.id, p]));
        for (const [productId, cantidad] of quantities) {
          const index = lineOf.get(productId) ?? 0;
          const product = byId.get(productId);
          if (!product) throw fieldError(`carrito.${index}.producto`, mensajes.productoInexistente, 404);
          if (!(await repo.reserveStock(trx, productId, cantidad))) {
            const left = (await repo.products(trx, { ids: [productId] }))[0]?.stock ?? 0;
            const texto = completar(mensajes.stockLineaCarrito, {
              linea: index + 1,
              producto: product.nombre,
              n: left,
            });
            throw new AppError(409, texto, 1, [
              {
                campo: `carrito.${index}.cantidad`,
                mensaje: completar(mensajes.stockSuperado, { n: left }),
              },
            ]);
          }
        }
        const lines = [...quantities].map(([productId, cantidad]) => {
          const product = byId.get(productId);
          if (!product) throw new Error('producto reservado sin datos');
          return { product, cantidad };
        });
        const total = round2(lines.reduce((sum, line) => sum + line.product.valor * line.cantidad, 0));
        const reservadaHasta = now() + settings.reserva_horas * 3_600_000;
        const id = await repo.insertPurchase(
          trx,
          {
            user_id: userId,
            estado_id: estadosCompra.enEspera,
            tipo_compra_id: tiposCompra.producto,
            medio_pago_id: input.medioPago.id,
            tipo_envio_id: input.tipoEnvio.id,
            direccion_envio: input.tipoEnvio.id === tiposEnvio.correo ? (input.direccionEnvio ?? null) : null,
            total,
            moneda: 'ARS',
            plan_id: null,
            cantidad_meses: null,
            modo_gratuita: 0,
            ref_mercado_pago: null,
            ref_paypal: null,
            ref_mp_suscripcion: null,
            numero_seguimiento: null,
            reservada_hasta: reservadaHasta,
          },
          now(),
        );
        await repo.insertItems(
          trx,
          id,
          lines.map(({ product, cantidad }) => ({
            product_id: product.id,
            plan_id: null,
            nombre: product.nombre,
            modelo: product.modelo,
            cantidad,
            costo: product.valor,
          })),
        );
        await repo.insertLog(
          trx,
          id,
          `Compra creada: ${lines.length} ${lines.length === 1 ? 'producto' : 'productos'}`,
          userId,
          now(),
        );
        // The reservation ends on the durable scheduler, in this transaction: no purchase without its timer.
        await deps.scheduler.schedule(trx, reservationJob, id, reservadaHasta);
        // What was bought leaves the account's cart.
        await repo.replaceCart(
          trx,
          userId,
          (await repo.cart(trx, userId)).filter((line) => !quantities.has(line.productId)),
          now(),
        );
        const row = await repo.purchase(trx, id);
        if (!row) throw new Error('compra recién creada no encontrada');
        effects.push(...ledger.announce(row, estadosCompra.enEspera, null, false));
        return row;
      });
      if (compra.medio_pago_id === mediosPago.pasarela) await this.attachPreference(compra.id);
      const fresh = await repo.purchase(db, compra.id);
      const answer = await ctx.compra(db, fresh ?? compra);
      await mailInstructions(userId, answer);
      return answer;
    },

    /**
     * A checkout preference for a product purchase paid through the gateway (refMercadoPago). A
     * provider failure leaves the purchase waiting without one: the card form still pays it.
     */
    async attachPreference(purchaseId: number): Promise<void> {
      const purchase = await repo.purchase(db, purchaseId);
      if (!purchase || purchase.ref_mercado_pago) return;
      const items = await repo.items(db, [purchaseId]);
      try {
        const preference = await deps.card.createPreference({
          externalReference: String(purchaseId),
          items: items.map((item) => ({
            id: String(item.product_id ?? item.plan_id ?? item.id),
            title: item.nombre,
            quantity: item.cantidad,
            unitPrice: item.costo,
          })),
          currency: deps.currency,
          payerEmail: null,
          notificationUrl: deps.publicUrl ? `${deps.publicUrl}/sv/ventas/webhook/mercadopago` : null,
          backUrl: deps.publicUrl ? `${deps.publicUrl}/tienda/misCompras` : null,
          idempotencyKey: `preferencia-${purchaseId}`,
        });
        await repo.updatePurchase(db, purchaseId, { ref_mercado_pago: preference.id }, now());
      } catch (error) {
        deps.log.warn({ err: error, compra: purchaseId }, 'no se pudo crear la preferencia de pago');
      }
    },

    /** A waiting product purchase's payment means and shipping (spec 2 §4, §5 "Change purchase"). */
    async modificarCompra(userId: number, input: ModificarCompraData): Promise<Compra> {
      await ctx.requireOffered(input.medioPago.id);
      const before = await ctx.ownPurchase(db, userId, input.id);
      const updated = await transaction(async (trx, effects) => {
        const purchase = await ctx.ownPurchase(trx, userId, input.id, true);
        if (purchase.estado_id !== estadosCompra.enEspera) throw conflict(mensajes.compraNoModificable);
        if (
          purchase.tipo_compra_id === tiposCompra.licencia &&
          input.medioPago.id === mediosPago.pasarela &&
          purchase.moneda === 'USD'
        )
          throw badRequest(mensajes.medioPagoInvalido);
        if (purchase.tipo_envio_id !== null && !input.tipoEnvio)
          throw fieldError('tipoEnvio', mensajes.tipoEnvioRequeridoCompra);
        const tipoEnvio =
          purchase.tipo_envio_id === null ? null : (input.tipoEnvio?.id ?? purchase.tipo_envio_id);
        const direccion =
          tipoEnvio === tiposEnvio.correo ? (input.direccionEnvio ?? purchase.direccion_envio) : null;
        if (tipoEnvio === tiposEnvio.correo && !direccion)
          throw fieldError('direccionEnvio', mensajes.direccionRequerida);
        await repo.updatePurchase(
          trx,
          purchase.id,
          { medio_pago_id: input.medioPago.id, tipo_envio_id: tipoEnvio, direccion_envio: direccion },
          now(),
        );
        await repo.insertLog(trx, purchase.id, 'Medio de pago o envío modificado', userId, now());
        effects.push(...ledger.announce(purchase, purchase.estado_id, null, false));
        return purchase.id;
      });
      const row = await repo.purchase(db, updated);
      if (row?.medio_pago_id === mediosPago.pasarela && row.tipo_compra_id === tiposCompra.producto)
        await this.attachPreference(updated);
      const fresh = await repo.purchase(db, updated);
      if (!fresh) throw notFound(mensajes.compraInexistente);
      const answer = await ctx.compra(db, fresh);
      if (before.medio_pago_id !== fresh.medio_pago_id) await mailInstructions(userId, answer);
      return answer;
    },

    /**
     * Storing a contracted subscription (the spec names no path): the free trial of a plan that
     * offers one, once per plan; or a licence paid by transfer or at the shop, which waits for an
     * admin to confirm the payment.
     */
    async grabarSuscripcion(userId: number, input: GrabarSuscripcionData): Promise<Compra> {
      await ctx.requireBuyer(userId);
      const plan = await planOf(input.id);
      if (input.esGratis) {
        if (plan.puede_ser_gratis !== 1 || plan.cant_meses_gratis < 1)
          throw badRequest(mensajes.planSinPrueba);
        return transaction(async (trx, effects) => {
          if (await deps.licensing.hadTrialOf(userId, Number(plan.id), trx))
            throw conflict(mensajes.pruebaYaUsada);
          const purchase = await createLicencePurchase(trx, userId, plan, plan.cant_meses_gratis as Periodo, {
            medioPagoId: null,
            moneda: 'ARS',
            total: 0,
            gratis: true,
          });
          // The trial's length is cantMesesGratis, which need not be a sale period.
          await repo.updatePurchase(trx, purchase.id, { cantidad_meses: plan.cant_meses_gratis }, now());
          await ledger.activateFree(trx, { ...purchase, cantidad_meses: plan.cant_meses_gratis }, effects);
          return ctx.compra(trx, { ...purchase, cantidad_meses: plan.cant_meses_gratis });
        });
      }
      if (plan.solo_gratis === 1) throw badRequest(mensajes.planSoloGratis);
      const meses = input.cantidadMeses as Periodo;
      const total = planPrice(plan, meses, 'local');
      if (total <= 0) throw badRequest(mensajes.planInexistente);
      const medioPagoId = input.medioPago?.id ?? mediosPago.transferencia;
      await ctx.requireOffered(medioPagoId);
      const answer = await transaction(async (trx, effects) => {
        const purchase = await createLicencePurchase(trx, userId, plan, meses, {
          medioPagoId,
          moneda: 'ARS',
          total,
        });
        effects.push(...ledger.announce(purchase, estadosCompra.enEspera, null, false));
        return ctx.compra(trx, purchase);
      });
      await mailInstructions(userId, answer);
      return answer;
    },

    /**
     * Cancellation requested (spec 2 §4): the licence stays valid until fechaHasta and is not
     * renewed; PayPal stops charging. By purchase id, or the user's current paid licence.
     */
    async cancelarSuscripcion(userId: number, compraId: number | null): Promise<Compra> {
      await ctx.requireBuyer(userId);
      let id = compraId;
      if (id === null) {
        const active = (await repo.purchasesOf(db, userId)).find(
          (p) =>
            p.tipo_compra_id === tiposCompra.licencia &&
            p.estado_id === estadosCompra.activada &&
            p.modo_gratuita === 0,
        );
        if (!active) throw badRequest(mensajes.sinSuscripcionPaga);
        id = active.id;
      }
      const purchase = await ctx.ownPurchase(db, userId, id);
      if (
        purchase.tipo_compra_id !== tiposCompra.licencia ||
        purchase.estado_id !== estadosCompra.activada ||
        purchase.modo_gratuita === 1
      )
        throw conflict(mensajes.compraEstadoInvalido);
      return switchCancellation(userId, purchase, true);
    },

    /** 'Reactivar licencia': withdraws the cancellation request; PayPal charges again. */
    async reactivarSuscripcion(userId: number, compraId: number): Promise<Compra> {
      await ctx.requireBuyer(userId);
      const purchase = await ctx.ownPurchase(db, userId, compraId);
      if (purchase.estado_id !== estadosCompra.cancelacionSolicitada)
        throw conflict(mensajes.compraEstadoInvalido);
      return switchCancellation(userId, purchase, false);
    },

    /**
     * The expiry job: finishes tokens past fechaHasta, finishes the purchases left without an
     * active token, and tells each owner (`token.actualizado`) so limits change at once.
     */
    async finishExpiredLicences(): Promise<number> {
      const finished = await deps.licensing.finishExpired(now());
      const users = new Set(finished.map((t) => t.userId));
      const compraIds = [
        ...new Set(finished.map((t) => t.compraId).filter((id): id is number => id !== null)),
      ];
      const tokens = await deps.licensing.tokensOfPurchases(compraIds);
      for (const compraId of compraIds) {
        if (tokens.some((t) => Number(t.compra_id) === compraId && Number(t.estado) === 1)) continue;
        await transaction(async (trx, effects) => {
          const purchase = await repo.purchaseForUpdate(trx, compraId);
          if (!purchase) return;
          await ledger.move(
            trx,
            purchase,
            estadosCompra.finalizada,
            'La licencia venció',
            null,
            effects,
            null,
          );
        });
      }
      for (const userId of users) deps.hub.publish(topics.usuario(userId), { tipo: 'token.actualizado' });
      return finished.length;
    },

    // ---- the admin side (ROLE_ADMIN, read now) ----

    async adminCompras(adminId: number, soloAbiertas: boolean): Promise<Compra[]> {
      await requireAdmin(adminId);
      const estados = soloAbiertas
        ? [
            estadosCompra.enEspera,
            estadosCompra.pagada,
            estadosCompra.enviada,
            estadosCompra.cancelacionSolicitada,
          ]
        : null;
      return ctx.toCompras(db, await repo.allPurchases(db, estados), { admin: true });
    },

    /** Confirms a transfer or pay-at-the-shop payment: the same path as a gateway's confirmation. */
    async confirmarPago(
      adminId: number,
      input: { id: number; montoFinalRecibido?: number | undefined },
    ): Promise<Compra> {
      await requireAdmin(adminId);
      await transaction(async (trx, effects) => {
        const purchase = await repo.purchaseForUpdate(trx, input.id);
        if (!purchase) throw notFound(mensajes.compraInexistente);
        if (purchase.estado_id !== estadosCompra.enEspera) throw conflict(mensajes.compraEstadoInvalido);
        if (
          purchase.medio_pago_id !== mediosPago.transferencia &&
          purchase.medio_pago_id !== mediosPago.pagoEnLocal
        )
          throw conflict(mensajes.compraEstadoInvalido);
        await ledger.confirmPayment(
          trx,
          purchase.id,
          {
            ref: null,
            origen:
              purchase.medio_pago_id === mediosPago.transferencia ? 'Transferencia' : 'Pago en el local',
            motivo: 'Pago confirmado por un administrador',
            monto: purchase.total,
            neto: input.montoFinalRecibido ?? purchase.total,
            moneda: purchase.moneda,
            autorId: adminId,
          },
          effects,
        );
      });
      await deps.audit?.(adminId, 'compra', input.id, 'Pago confirmado', {
        montoFinalRecibido: input.montoFinalRecibido ?? null,
      });
      return this.adminCompra(input.id);
    },

    async enviar(adminId: number, input: { id: number; numeroSeguimiento: string }): Promise<Compra> {
      await requireAdmin(adminId);
      await transaction(async (trx, effects) => {
        const purchase = await repo.purchaseForUpdate(trx, input.id);
        if (!purchase) throw notFound(mensajes.compraInexistente);
        if (purchase.tipo_envio_id !== tiposEnvio.correo) throw conflict(mensajes.compraEstadoInvalido);
        const moved = await ledger.move(
          trx,
          purchase,
          estadosCompra.enviada,
          `Enviada por correo, seguimiento ${input.numeroSeguimiento}`,
          adminId,
          effects,
          completar(mensajes.compraNotificacionEstado, { id: purchase.id, estado: 'Enviada' }),
        );
        if (!moved) throw conflict(mensajes.compraEstadoInvalido);
        await repo.updatePurchase(trx, purchase.id, { numero_seguimiento: input.numeroSeguimiento }, now());
      });
      await deps.audit?.(adminId, 'compra', input.id, 'Enviada', {
        numeroSeguimiento: input.numeroSeguimiento,
      });
      return this.adminCompra(input.id);
    },

    async entregar(adminId: number, input: { id: number }): Promise<Compra> {
      await requireAdmin(adminId);
      await transaction(async (trx, effects) => {
        const purchase = await repo.purchaseForUpdate(trx, input.id);
        if (!purchase) throw notFound(mensajes.compraInexistente);
        if (purchase.estado_id === estadosCompra.pagada && purchase.tipo_envio_id !== tiposEnvio.retiroLocal)
          throw conflict(mensajes.compraEstadoInvalido);
        const moved = await ledger.move(
          trx,
          purchase,
          estadosCompra.entregada,
          'Entregada',
          adminId,
          effects,
          completar(mensajes.compraNotificacionEstado, { id: purchase.id, estado: 'Entregada' }),
        );
        if (!moved) throw conflict(mensajes.compraEstadoInvalido);
      });
      await deps.audit?.(adminId, 'compra', input.id, 'Entregada');
      return this.adminCompra(input.id);
    },

    /** Cancels a waiting or paid purchase with a reason; products go back to stock. */
    async cancelar(adminId: number, input: { id: number; motivo: string }): Promise<Compra> {
      await requireAdmin(adminId);
      await transaction(async (trx, effects) => {
        const purchase = await repo.purchaseForUpdate(trx, input.id);
        if (!purchase) throw notFound(mensajes.compraInexistente);
        const moved = await ledger.move(
          trx,
          purchase,
          estadosCompra.cancelada,
          `Cancelada: ${input.motivo}`,
          adminId,
          effects,
          completar(mensajes.compraNotificacionEstado, { id: purchase.id, estado: 'Cancelada' }),
        );
        if (!moved) throw conflict(mensajes.compraEstadoInvalido);
        for (const item of await repo.items(trx, [purchase.id])) {
          if (item.product_id !== null) await repo.releaseStock(trx, item.product_id, item.cantidad);
        }
      });
      await deps.audit?.(adminId, 'compra', input.id, 'Cancelada', { motivo: input.motivo });
      return this.adminCompra(input.id);
    },

    // ---- the admin catalogue and device hand-over (the admin module checks the role) ----

    async catalogoProductos() {
      return (await repo.allProducts(db)).map((p) => ({
        id: p.id,
        nombre: p.nombre,
        descripcion: p.descripcion,
        modelo: p.modelo,
        valor: p.valor,
        stock: p.stock,
        activo: p.activo === 1,
        categoriaProducto: { id: p.categoria_id, descripcion: p.categoria },
      }));
    },

    async guardarProducto(input: GuardarProductoData): Promise<number> {
      const categorias = await repo.categories(db);
      if (!categorias.some((c) => c.id === input.categoriaProducto.id))
        throw fieldError('categoriaProducto', mensajes.campoInvalido);
      const id = await repo.saveProduct(
        db,
        input.id ?? null,
        {
          nombre: input.nombre,
          descripcion: input.descripcion,
          modelo: input.modelo,
          categoria_id: input.categoriaProducto.id,
          valor: round2(input.valor),
          stock: input.stock,
          activo: input.activo ? 1 : 0,
        },
        now(),
      );
      if (id === null) throw notFound(mensajes.productoInexistente);
      return id;
    },

    /** Who bought a purchase (the admin hands its devices to them). */
    async buyerOf(compraId: number): Promise<number> {
      const purchase = await repo.purchase(db, compraId);
      if (!purchase) throw notFound(mensajes.compraInexistente);
      return purchase.user_id;
    },

    /** Records a device handed over with a purchase, in its log. */
    async linkDevice(compraId: number, deviceId: number, nombre: string, adminId: number): Promise<void> {
      await repo.linkDevice(db, compraId, deviceId);
      await repo.insertLog(db, compraId, `Equipo asignado: ${nombre}`, adminId, now());
    },

    async adminCompra(id: number): Promise<Compra> {
      const row = await repo.purchase(db, id);
      if (!row) throw notFound(mensajes.compraInexistente);
      return ctx.compra(db, row, true);
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
