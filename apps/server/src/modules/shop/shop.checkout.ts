import {
  type CarritoInput,
  type Compra,
  type ConfigTienda,
  type ConfigTiendaData,
  completar,
  estadosCompra,
  formatoFechaHora,
  formatoMoneda,
  type LineaCarrito,
  mensajes,
  tiposCompra,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Effect } from './purchase-ledger.js';
import type { ShopContext } from './shop.context.js';
import { demoShopSettings, fromConfigTienda, toConfigTienda } from './shop.settings.js';

/** The one-shot job that ends an unpaid product purchase's reservation (ref: the purchase id). */
export const reservationJob = 'compras.reserva';

type Transaction = <T>(work: (trx: Db, effects: Effect[]) => Promise<T>) => Promise<T>;

/** The confirmation e-mail's text: the same details the purchase shows, to copy from the mail. */
export function instructionsText(compra: Compra, nombre: string, timeZone: string): string | null {
  const inst = compra.instruccionesPago;
  if (!inst) return null;
  const monto = formatoMoneda(inst.monto, inst.moneda);
  const lines = [`Hola ${nombre}:`, '', `Registramos tu compra #${compra.id} por ${monto}.`, ''];
  if (inst.transferencia) {
    const t = inst.transferencia;
    lines.push('Para pagarla, hacé una transferencia bancaria con estos datos:', '');
    lines.push(`Titular: ${t.titular}`, `Banco: ${t.banco}`);
    if (t.cbu) lines.push(`CBU/CVU: ${t.cbu}`);
    if (t.alias) lines.push(`Alias: ${t.alias}`);
    if (t.iban) lines.push(`IBAN: ${t.iban}`);
    if (t.swift) lines.push(`SWIFT: ${t.swift}`);
    lines.push(`CUIT: ${t.cuit}`, `Importe exacto: ${monto}`, `Referencia (concepto): ${inst.referencia}`);
  } else if (inst.local) {
    lines.push('Para pagarla, acercate al local:', '');
    lines.push(`Dirección: ${inst.local.direccion}`, `Horario: ${inst.local.horario}`);
    lines.push(`Importe exacto: ${monto}`, `Referencia (mencionala al pagar): ${inst.referencia}`);
  } else {
    return null;
  }
  if (compra.reservadaHasta)
    lines.push(
      '',
      `Reservamos las unidades hasta el ${formatoFechaHora(compra.reservadaHasta, timeZone)}. Si el pago no llega antes, la compra se cancela y las unidades vuelven al stock.`,
    );
  lines.push('', 'Cuando recibamos el pago lo confirmamos y te avisamos.', '', 'Nexo');
  return lines.join('\n');
}

/** Mails how to pay a purchase waiting for a transfer or a payment at the shop; a failure is logged only. */
export async function mailInstructions(ctx: ShopContext, userId: number, compra: Compra): Promise<void> {
  if (!compra.instruccionesPago) return;
  try {
    const contact = await ctx.deps.users.contactOf(userId);
    if (!contact) return;
    const text = instructionsText(compra, contact.nombre, await ctx.deps.users.timeZoneOf(userId));
    if (!text) return;
    await ctx.deps.mailer.send({
      to: contact.mail,
      subject: completar(mensajes.compraConfirmadaAsunto, { id: compra.id }),
      text,
    });
  } catch (error) {
    ctx.deps.log.warn({ err: error, compra: compra.id }, 'no se pudo enviar el correo de la compra');
  }
}

/**
 * Payment details (the admin's 'Datos de pago'), the reservation of unpaid product purchases and
 * the logged-in user's cart.
 */
export function createCheckout(
  ctx: ShopContext,
  transaction: Transaction,
  requireAdmin: (userId: number) => Promise<void>,
) {
  const { deps, repo, ledger, now } = ctx;
  const { db } = deps;

  /** The cart as the catalogue lists it now; lines of products no longer sold are left out. */
  async function carritoDe(executor: Db, userId: number): Promise<LineaCarrito[]> {
    const lines = await repo.cart(executor, userId);
    if (lines.length === 0) return [];
    const products = new Map(
      (await repo.products(executor, { ids: lines.map((l) => l.productId) })).map((p) => [p.id, p]),
    );
    return lines.flatMap((line) => {
      const p = products.get(line.productId);
      if (!p) return [];
      return [
        {
          producto: {
            id: p.id,
            nombre: p.nombre,
            descripcion: p.descripcion,
            modelo: p.modelo,
            valor: p.valor,
            stock: p.stock,
            categoriaProducto: { id: p.categoria_id, descripcion: p.categoria },
          },
          cantidad: line.cantidad,
        },
      ];
    });
  }

  /** Sums lines of the same product, keeping the first line's place. */
  function collapse(input: CarritoInput['carrito']): Array<{ productId: number; cantidad: number }> {
    const byProduct = new Map<number, number>();
    for (const line of input) {
      const id = Number(line.producto.id);
      byProduct.set(id, (byProduct.get(id) ?? 0) + Number(line.cantidad));
    }
    return [...byProduct].map(([productId, cantidad]) => ({ productId, cantidad }));
  }

  return {
    async configTienda(adminId: number): Promise<ConfigTienda> {
      await requireAdmin(adminId);
      return toConfigTienda(await repo.settings(db));
    },

    async guardarConfigTienda(adminId: number, input: ConfigTiendaData): Promise<ConfigTienda> {
      await requireAdmin(adminId);
      await repo.saveSettings(db, fromConfigTienda(input), now());
      await deps.audit?.(adminId, 'compra', 0, 'Datos de pago y reservas modificados', input);
      return toConfigTienda(await repo.settings(db));
    },

    /** The demo data: example payment details, only where the admin never saved any. */
    async seedDemoPaymentDetails(): Promise<void> {
      if (await repo.hasSettings(db)) return;
      await repo.saveSettings(db, fromConfigTienda(demoShopSettings), now());
    },

    /**
     * The reservation job: an unpaid product purchase past its time is cancelled with the reason,
     * its units go back to stock and the buyer is told. Idempotent: a purchase paid, cancelled or
     * given more time meanwhile is left as it is (the move is conditional on its state).
     */
    async expireReservation(purchaseId: number): Promise<boolean> {
      return transaction(async (trx, effects) => {
        const purchase = await repo.purchaseForUpdate(trx, purchaseId);
        if (
          !purchase ||
          purchase.tipo_compra_id !== tiposCompra.producto ||
          purchase.estado_id !== estadosCompra.enEspera ||
          purchase.reservada_hasta === null ||
          purchase.reservada_hasta > now()
        )
          return false;
        const horas = Math.max(1, Math.round((purchase.reservada_hasta - purchase.created_at) / 3_600_000));
        const moved = await ledger.move(
          trx,
          purchase,
          estadosCompra.cancelada,
          completar(mensajes.compraVencidaLog, { horas }),
          null,
          effects,
          completar(mensajes.compraVencidaNotificacion, { id: purchase.id }),
        );
        if (!moved) return false;
        for (const item of await repo.items(trx, [purchase.id])) {
          if (item.product_id !== null) await repo.releaseStock(trx, item.product_id, item.cantidad);
        }
        return true;
      });
    },

    // ---- the account's cart ----

    carrito: (userId: number) => carritoDe(db, userId),

    /** Replaces the account's cart (the web writes it after each change). */
    async guardarCarrito(userId: number, input: CarritoInput): Promise<LineaCarrito[]> {
      return db.transaction().execute(async (trx) => {
        const lines = collapse(input.carrito);
        const known = new Set(
          (await repo.products(trx, { ids: lines.map((l) => l.productId) })).map((p) => p.id),
        );
        await repo.replaceCart(
          trx,
          userId,
          lines.filter((l) => known.has(l.productId)),
          now(),
        );
        return carritoDe(trx, userId);
      });
    },

    /**
     * An anonymous cart joins the account's at login: quantities add up, capped by the stock
     * left, and each capped line is told (`avisos`).
     */
    async fusionarCarrito(
      userId: number,
      input: CarritoInput,
    ): Promise<{ carrito: LineaCarrito[]; avisos: string[] }> {
      return db.transaction().execute(async (trx) => {
        const current = await repo.cart(trx, userId);
        const merged = new Map(current.map((l) => [l.productId, l.cantidad]));
        for (const line of collapse(input.carrito))
          merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.cantidad);
        const products = new Map(
          (await repo.products(trx, { ids: [...merged.keys()] })).map((p) => [p.id, p]),
        );
        const avisos: string[] = [];
        const lines: Array<{ productId: number; cantidad: number }> = [];
        for (const [productId, pedido] of merged) {
          const product = products.get(productId);
          if (!product) continue;
          if (product.stock <= 0) {
            avisos.push(completar(mensajes.carritoProductoSinStock, { producto: product.nombre }));
            continue;
          }
          const cantidad = Math.min(pedido, product.stock);
          if (cantidad < pedido)
            avisos.push(
              completar(mensajes.carritoAjustado, { producto: product.nombre, pedido, n: cantidad }),
            );
          lines.push({ productId, cantidad });
        }
        await repo.replaceCart(trx, userId, lines, now());
        return { carrito: await carritoDe(trx, userId), avisos };
      });
    },
  };
}
