import type { ConfigTienda, ConfigTiendaData, DatosLocal, DatosTransferencia } from '@nexo/contracts';
import type { ShopSettingsRow } from './shop.repository.js';

/**
 * The payment details the admin keeps, as the buyer sees them. A means is configured when its
 * details are complete: transfer with holder, bank, tax id and one destination (CBU/CVU, alias or
 * IBAN); the shop with its address and opening hours. A means without them is not offered.
 */
export function datosTransferencia(row: ShopSettingsRow): DatosTransferencia | null {
  const { transferencia_titular: titular, transferencia_banco: banco, transferencia_cuit: cuit } = row;
  const destino = row.transferencia_cbu || row.transferencia_alias || row.transferencia_iban;
  if (!titular || !banco || !cuit || !destino) return null;
  return {
    titular,
    banco,
    cbu: row.transferencia_cbu || null,
    alias: row.transferencia_alias || null,
    iban: row.transferencia_iban || null,
    swift: row.transferencia_swift || null,
    cuit,
  };
}

export function datosLocal(row: ShopSettingsRow): DatosLocal | null {
  if (!row.local_direccion || !row.local_horario) return null;
  return { direccion: row.local_direccion, horario: row.local_horario };
}

export function toConfigTienda(row: ShopSettingsRow): ConfigTienda {
  return {
    transferencia: datosTransferencia(row),
    local: datosLocal(row),
    reservaHoras: row.reserva_horas,
    maxComprasImpagas: row.max_compras_impagas,
  };
}

export function fromConfigTienda(input: ConfigTiendaData): ShopSettingsRow {
  const t = input.transferencia;
  return {
    transferencia_titular: t?.titular ?? null,
    transferencia_banco: t?.banco ?? null,
    transferencia_cbu: t?.cbu ?? null,
    transferencia_alias: t?.alias ?? null,
    transferencia_iban: t?.iban ?? null,
    transferencia_swift: t?.swift ?? null,
    transferencia_cuit: t?.cuit ?? null,
    local_direccion: input.local?.direccion ?? null,
    local_horario: input.local?.horario ?? null,
    reserva_horas: input.reservaHoras,
    max_compras_impagas: input.maxComprasImpagas,
  };
}

/** The example details the demo data fills in (a fresh installation with SEED_DEMO). */
export const demoShopSettings: ConfigTiendaData = {
  transferencia: {
    titular: 'Nexo IoT S.R.L.',
    banco: 'Banco de la Nación Argentina',
    cbu: '0110599520000001234567',
    alias: 'NEXO.IOT.TIENDA',
    iban: null,
    swift: 'NACNARBA',
    cuit: '30-71234567-9',
  },
  local: {
    direccion: 'Av. Corrientes 1234, C1043 Ciudad Autónoma de Buenos Aires',
    horario: 'Lunes a viernes de 9:00 a 18:00; sábados de 9:00 a 13:00',
  },
  reservaHoras: 72,
  maxComprasImpagas: 3,
};
