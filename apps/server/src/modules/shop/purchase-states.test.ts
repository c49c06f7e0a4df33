import {
  estadosCompra as e,
  estadosCompraCatalogo,
  mensajeEstadoCompra,
  mensajes,
  tiposCompra,
} from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { canMove, statesBefore } from './purchase-states.js';

const all = estadosCompraCatalogo.map((s) => s.id);
const allowed = (tipo: number) =>
  all.flatMap((from) => all.filter((to) => canMove(tipo, from, to)).map((to) => `${from}→${to}`)).sort();

describe('purchase state machine', () => {
  it('lets a licence go waiting → activated ⇄ cancellation requested → finished, or waiting → cancelled', () => {
    expect(allowed(tiposCompra.licencia)).toEqual(
      [
        `${e.enEspera}→${e.activada}`,
        `${e.enEspera}→${e.cancelada}`,
        `${e.activada}→${e.cancelacionSolicitada}`,
        `${e.activada}→${e.finalizada}`,
        `${e.cancelacionSolicitada}→${e.activada}`,
        `${e.cancelacionSolicitada}→${e.finalizada}`,
      ].sort(),
    );
  });

  it('lets a product go waiting → paid → sent → delivered, paid → delivered (pickup), and cancel before shipping', () => {
    expect(allowed(tiposCompra.producto)).toEqual(
      [
        `${e.enEspera}→${e.pagada}`,
        `${e.enEspera}→${e.cancelada}`,
        `${e.pagada}→${e.enviada}`,
        `${e.pagada}→${e.entregada}`,
        `${e.pagada}→${e.cancelada}`,
        `${e.enviada}→${e.entregada}`,
      ].sort(),
    );
  });

  it('never leaves a final state and never returns to waiting', () => {
    for (const tipo of [tiposCompra.licencia, tiposCompra.producto]) {
      for (const to of all) {
        expect(canMove(tipo, e.cancelada, to)).toBe(false);
        expect(canMove(tipo, e.entregada, to)).toBe(false);
        expect(canMove(tipo, e.finalizada, to)).toBe(false);
      }
      expect(statesBefore(tipo, e.enEspera)).toEqual([]);
    }
  });

  it("gives each state the spec's status message", () => {
    const m = (
      estadoId: number,
      medioPagoId: number | null,
      tipoEnvioId: number | null,
      tipoCompraId: number = tiposCompra.producto,
    ) => mensajeEstadoCompra({ estadoId, tipoCompraId, medioPagoId, tipoEnvioId });
    expect(m(e.enEspera, 1, 2)).toBe(mensajes.compraEsperaPagoLocal);
    expect(m(e.enEspera, 3, 2)).toBe(mensajes.compraEsperaTransferencia);
    expect(m(e.enEspera, 2, 2)).toBe(mensajes.compraEsperaPasarela);
    expect(m(e.pagada, 2, 1)).toBe(mensajes.compraPreparando);
    expect(m(e.pagada, 2, 2)).toBe(mensajes.compraEsperaRetiro);
    expect(m(e.enviada, 2, 1)).toBe(mensajes.compraEnViaje);
    expect(m(e.entregada, 2, 1)).toBe(mensajes.compraEntregada);
    expect(m(e.activada, 2, null, tiposCompra.licencia)).toBeNull();
  });
});
