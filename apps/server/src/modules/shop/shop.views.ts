import {
  type Compra,
  descripcionDe,
  estadosCompra,
  estadosCompraCatalogo,
  estadosToken,
  type InstruccionesPago,
  medioPagoPaypal,
  mediosPago,
  mediosPagoCatalogo,
  mensajeEstadoCompra,
  tiposCompraCatalogo,
  tiposEnvioCatalogo,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { LicensingService } from '../licensing/index.js';
import type { PurchaseRow, ShopRepository, ShopSettingsRow } from './shop.repository.js';
import { datosLocal, datosTransferencia } from './shop.settings.js';

/** Waiting for a transfer or a payment at the shop: the purchase shows how to pay it. */
export const esperaPagoManual = (row: PurchaseRow) =>
  row.estado_id === estadosCompra.enEspera &&
  row.ref_paypal === null &&
  (row.medio_pago_id === mediosPago.transferencia || row.medio_pago_id === mediosPago.pagoEnLocal);

/** How to pay a waiting purchase: the exact amount, its reference and the means' details. */
export function instruccionesDe(row: PurchaseRow, settings: ShopSettingsRow): InstruccionesPago | null {
  if (!esperaPagoManual(row)) return null;
  return {
    referencia: `Compra #${row.id}`,
    monto: row.total,
    moneda: row.moneda,
    transferencia: row.medio_pago_id === mediosPago.transferencia ? datosTransferencia(settings) : null,
    local: row.medio_pago_id === mediosPago.pagoEnLocal ? datosLocal(settings) : null,
  };
}

export interface ShopViewDeps {
  repo: ShopRepository;
  /** The admin's payment details, read when a listed purchase waits for a transfer or the shop. */
  settings: (db: Db) => Promise<ShopSettingsRow>;
  licensing: Pick<LicensingService, 'tokensOfPurchases'>;
  /** Device names by id, from the devices module (assigned devices). */
  deviceNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  usernamesOf: (ids: readonly number[]) => Promise<Map<number, string>>;
}

const descripcion = (catalogo: ReadonlyArray<{ id: number; descripcion: string }>, id: number) => ({
  id,
  descripcion: descripcionDe(catalogo, id),
});

/** PayPal pays licences without being a cart means; its purchases name it. */
function medioPagoOf(row: PurchaseRow) {
  if (row.ref_paypal) return { ...medioPagoPaypal };
  return row.medio_pago_id === null ? null : descripcion(mediosPagoCatalogo, row.medio_pago_id);
}

/** Purchases as the API answers them, with items, payments, logs, tokens and devices in a few queries. */
export function createShopViews(deps: ShopViewDeps) {
  return async function toCompras(
    db: Db,
    rows: PurchaseRow[],
    options: { admin?: boolean } = {},
  ): Promise<Compra[]> {
    const ids = rows.map((row) => row.id);
    const [items, payments, logs, tokens, devices] = await Promise.all([
      deps.repo.items(db, ids),
      deps.repo.payments(db, ids),
      deps.repo.logs(db, ids),
      deps.licensing.tokensOfPurchases(ids, db),
      deps.repo.devices(db, ids),
    ]);
    const settings = rows.some(esperaPagoManual) ? await deps.settings(db) : null;
    const [names, usernames] = await Promise.all([
      deps.deviceNames(devices.map((d) => d.deviceId)),
      options.admin
        ? deps.usernamesOf(rows.map((row) => row.user_id))
        : Promise.resolve(new Map<number, string>()),
    ]);
    return rows.map((row): Compra => {
      const pagos = payments.filter((p) => p.purchase_id === row.id);
      const compra: Compra = {
        id: row.id,
        fechaCreada: row.created_at,
        estadoCompra: descripcion(estadosCompraCatalogo, row.estado_id),
        tipoCompra: descripcion(tiposCompraCatalogo, row.tipo_compra_id),
        medioPago: medioPagoOf(row),
        tipoEnvio: row.tipo_envio_id === null ? null : descripcion(tiposEnvioCatalogo, row.tipo_envio_id),
        direccionEnvio: row.direccion_envio,
        totalCompra: row.total,
        moneda: row.moneda,
        cantidadMeses: row.cantidad_meses,
        itemsCompra: items
          .filter((item) => item.purchase_id === row.id)
          .map((item) => ({
            id: item.id,
            cantidad: item.cantidad,
            costo: item.costo,
            producto:
              item.product_id === null
                ? null
                : { id: item.product_id, nombre: item.nombre, modelo: item.modelo },
            suscripcion: item.plan_id === null ? null : { id: item.plan_id, nombre: item.nombre },
          })),
        pagos: pagos.map((p) => ({
          id: p.id,
          fecha: p.created_at,
          motivo: p.motivo,
          origenPago: p.origen,
          monto: p.monto,
          montoFinalRecibido: p.monto_final_recibido,
          moneda: p.moneda,
        })),
        logs: logs
          .filter((log) => log.purchase_id === row.id)
          .map((log) => ({ id: log.id, fecha: log.created_at, descripcion: log.descripcion })),
        suscripcionesToken: tokens
          .filter((token) => Number(token.compra_id) === row.id)
          .map((token) => ({
            id: Number(token.id),
            estado: {
              id: Number(token.estado),
              descripcion: Number(token.estado) === estadosToken.activo ? 'Activo' : 'Finalizado',
            },
            fechaDesde: Number(token.fecha_desde),
            fechaHasta: token.fecha_hasta === null ? null : Number(token.fecha_hasta),
            esGratuito: Number(token.es_gratuito) === 1,
            cancelacionSolicitada: Number(token.cancelacion_solicitada) === 1,
          })),
        equipos: devices
          .filter((d) => d.purchaseId === row.id)
          .map((d) => ({ id: d.deviceId, nombre: names.get(d.deviceId) ?? `Equipo ${d.deviceId}` })),
        refMercadoPago: row.ref_mercado_pago,
        renovacionAutomatica: row.ref_paypal !== null || row.ref_mp_suscripcion !== null,
        numeroSeguimiento: row.numero_seguimiento,
        modoGratuita: row.modo_gratuita === 1,
        mensajeEstado: mensajeEstadoCompra({
          estadoId: row.estado_id,
          tipoCompraId: row.tipo_compra_id,
          medioPagoId: row.medio_pago_id,
          tipoEnvioId: row.tipo_envio_id,
        }),
        instruccionesPago: settings ? instruccionesDe(row, settings) : null,
        reservadaHasta: row.estado_id === estadosCompra.enEspera ? row.reservada_hasta : null,
      };
      if (options.admin) {
        compra.usuario = { id: row.user_id, username: usernames.get(row.user_id) ?? '' };
        compra.montoFinalRecibido =
          Math.round(pagos.reduce((sum, p) => sum + p.monto_final_recibido, 0) * 100) / 100;
      }
      return compra;
    });
  };
}

export type ToCompras = ReturnType<typeof createShopViews>;
