import type { Compra } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { instructionsText } from './shop.checkout.js';

/** A purchase waiting for a payment at the shop, reserved until `reservadaHasta`. */
function unpaid(reservadaHasta: number): Compra {
  return {
    id: 41,
    reservadaHasta,
    instruccionesPago: {
      referencia: 'NEXO-41',
      monto: 125000,
      moneda: 'ARS',
      transferencia: null,
      local: { direccion: 'Av. Siempreviva 742', horario: 'Lunes a viernes de 9 a 18' },
    },
  } as Compra;
}

describe('the confirmation mail’s reservation date (spec: DD/MM/YYYY, 24 h, the user’s zone)', () => {
  const reservedLine = (text: string | null) => text?.split('\n').find((l) => l.startsWith('Reservamos'));

  it('writes the end of the reservation in the buyer’s time zone, with the 24 h clock', () => {
    const end = Date.UTC(2026, 10, 30, 20, 5); // 30/11/2026 20:05 UTC
    expect(reservedLine(instructionsText(unpaid(end), 'Ana', 'America/Argentina/Buenos_Aires'))).toContain(
      'hasta el 30/11/2026 17:05.',
    );
    expect(reservedLine(instructionsText(unpaid(end), 'Ana', 'Europe/Madrid'))).toContain(
      'hasta el 30/11/2026 21:05.',
    );
  });

  it('moves to the next day where the zone is already past midnight, and writes midnight as 00', () => {
    const end = Date.UTC(2026, 11, 31, 23, 30); // 31/12/2026 23:30 UTC
    expect(reservedLine(instructionsText(unpaid(end), 'Ana', 'Europe/Madrid'))).toContain(
      'hasta el 01/01/2027 00:30.',
    );
    expect(reservedLine(instructionsText(unpaid(end), 'Ana', 'UTC'))).toContain('hasta el 31/12/2026 23:30.');
  });

  it('names the shop, the exact amount and the reference', () => {
    const text = instructionsText(unpaid(Date.UTC(2026, 10, 30)), 'Ana', 'UTC') ?? '';
    expect(text).toContain('Dirección: Av. Siempreviva 742');
    expect(text).toContain('Referencia (mencionala al pagar): NEXO-41');
    expect(text).toMatch(/Importe exacto: \$\s?125\.000/);
  });
});
