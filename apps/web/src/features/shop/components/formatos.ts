import { type Compra, formatoMoneda, periodoDe } from '@nexo/contracts';
import { formatFecha, formatFechaHora } from '../../../shared/format/fechas';

/** 'dd/MM/yyyy HH:mm' (spec 2 §2: day, month, year, hour, minute). */
export const fechaHora = (epochMs: number) => formatFechaHora(epochMs);
export const fecha = (epochMs: number) => formatFecha(epochMs);

/** Purchase type plus the period name: 'Licencia Trimestral'. */
export function tipoConPeriodo(compra: Compra): string {
  const periodo = compra.modoGratuita ? 'de prueba' : periodoDe(compra.cantidadMeses)?.nombre;
  return periodo ? `${compra.tipoCompra.descripcion} ${periodo}` : compra.tipoCompra.descripcion;
}

/** The total with '$' (or USD), '.' thousands, ',' decimals and the period suffix for licences. */
export function totalCompra(compra: Compra): string {
  const periodo = compra.tipoCompra.id === 1 && !compra.modoGratuita ? periodoDe(compra.cantidadMeses) : null;
  const total = formatoMoneda(compra.totalCompra, compra.moneda);
  return periodo ? `${total} ${periodo.sufijo}` : total;
}
