import type { Compra } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { tipoConPeriodo, totalCompra } from './formatos';
import { porMes, totalConSufijo } from './precios';

const compra = (over: Partial<Compra>): Compra => ({
  id: 1,
  fechaCreada: 0,
  estadoCompra: { id: 8, descripcion: 'Activada' },
  tipoCompra: { id: 1, descripcion: 'Licencia' },
  medioPago: null,
  tipoEnvio: null,
  direccionEnvio: null,
  totalCompra: 56700,
  moneda: 'ARS',
  cantidadMeses: 3,
  itemsCompra: [],
  pagos: [],
  logs: [],
  suscripcionesToken: [],
  equipos: [],
  refMercadoPago: null,
  renovacionAutomatica: false,
  numeroSeguimiento: null,
  modoGratuita: false,
  mensajeEstado: null,
  instruccionesPago: null,
  reservadaHasta: null,
  ...over,
});

describe('shop formats', () => {
  it('writes a licence total with its period suffix and a product total without one', () => {
    expect(totalCompra(compra({}))).toBe('$56.700 trimestrales');
    expect(totalCompra(compra({ moneda: 'USD', totalCompra: 22, cantidadMeses: 1 }))).toBe(
      'USD 22 mensuales',
    );
    expect(
      totalCompra(
        compra({ tipoCompra: { id: 2, descripcion: 'Producto' }, totalCompra: 1234.5, cantidadMeses: null }),
      ),
    ).toBe('$1.234,50');
  });

  it('names the purchase type with its period, or as a trial', () => {
    expect(tipoConPeriodo(compra({}))).toBe('Licencia Trimestral');
    expect(tipoConPeriodo(compra({ modoGratuita: true, cantidadMeses: 1 }))).toBe('Licencia de prueba');
    expect(
      tipoConPeriodo(compra({ tipoCompra: { id: 2, descripcion: 'Producto' }, cantidadMeses: null })),
    ).toBe('Producto');
  });

  it('shows the per-month cost as the total divided by the months', () => {
    expect(porMes(56700, 3)).toBe('$18.900 por mes');
    expect(porMes(12800, 3)).toBe('$4.266,67 por mes');
    expect(totalConSufijo(203000, 12)).toBe('$203.000 anuales');
  });
});
