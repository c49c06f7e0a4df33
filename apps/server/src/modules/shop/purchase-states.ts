import { estadosCompra as e, tiposCompra } from '@nexo/contracts';

/**
 * The purchase state machine (spec 2 §4). Licences go waiting → activated (→ cancellation
 * requested ⇄ activated) → finished; products go waiting → paid → sent → delivered, or paid →
 * delivered when picked up at the shop. Waiting and paid purchases can be cancelled.
 */
const licence: Record<number, readonly number[]> = {
  [e.enEspera]: [e.activada, e.cancelada],
  [e.activada]: [e.cancelacionSolicitada, e.finalizada],
  [e.cancelacionSolicitada]: [e.activada, e.finalizada],
  [e.finalizada]: [],
  [e.cancelada]: [],
};
const product: Record<number, readonly number[]> = {
  [e.enEspera]: [e.pagada, e.cancelada],
  [e.pagada]: [e.enviada, e.entregada, e.cancelada],
  [e.enviada]: [e.entregada],
  [e.entregada]: [],
  [e.cancelada]: [],
};

export function canMove(tipoCompraId: number, from: number, to: number): boolean {
  const table = tipoCompraId === tiposCompra.licencia ? licence : product;
  return table[from]?.includes(to) ?? false;
}

/** The states a purchase of this type may come from to reach `to`. */
export function statesBefore(tipoCompraId: number, to: number): number[] {
  const table = tipoCompraId === tiposCompra.licencia ? licence : product;
  return Object.entries(table)
    .filter(([, next]) => next.includes(to))
    .map(([from]) => Number(from));
}
