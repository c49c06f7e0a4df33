import { tiposSensorCatalogo, tiposSuscripcionCatalogo, tiposWidgetCatalogo } from '@nexo/contracts';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from './client.js';
import { countryCallingCodes } from './country-codes.js';
import { engineOf } from './dialect.js';
import type { PlansTable } from './schema.js';

type PlanSeed = Omit<Insertable<PlansTable>, 'id'>;

/** Advisory lock id serialising the start-up seeds of concurrent instances. */
export const seedLockKey = 7_310_001;

/**
 * Serialises start-up seeds of instances starting together on one PostgreSQL: call first inside
 * the seed's transaction (released at commit). SQLite needs nothing: its writers are serial.
 */
export async function takeSeedLock(trx: Db): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
}

/** Device kinds offered when creating a device. */
export const deviceTypesCatalogue: ReadonlyArray<{ id: number; descripcion: string }> = [
  { id: 1, descripcion: 'ESP8266' },
  { id: 2, descripcion: 'ESP32' },
  { id: 3, descripcion: 'Arduino + Ethernet' },
  { id: 4, descripcion: 'Raspberry Pi' },
  { id: 5, descripcion: 'Otro' },
];

const costs = (ars: [number, number, number, number], usd: [number, number, number, number]) => ({
  costo: ars[0],
  costo_tres: ars[1],
  costo_seis: ars[2],
  costo_doce: ars[3],
  costo_paypal: usd[0],
  costo_tres_paypal: usd[1],
  costo_seis_paypal: usd[2],
  costo_doce_paypal: usd[3],
});

/**
 * The plans of spec 2 §4, one per subscription type. Costs are totals for 1/3/6/12 months
 * (local currency for the card provider, USD for PayPal); longer periods are discounted.
 */
export const plansCatalogue: ReadonlyArray<PlanSeed> = [
  {
    nombre: 'Prueba gratuita',
    tipo_suscripcion_id: 1,
    ...costs([0, 0, 0, 0], [0, 0, 0, 0]),
    cant_meses_gratis: 1,
    cantidad_dispositivos: 2,
    cantidad_sensores: 10,
    cantidad_usuarios: 1,
    solo_gratis: 1,
    puede_ser_gratis: 1,
    permite_vistas: 0,
    permite_mapa: 0,
    activo: 1,
  },
  {
    nombre: 'Inicial',
    tipo_suscripcion_id: 2,
    ...costs([4500, 12800, 24300, 45900], [5, 14, 27, 51]),
    cant_meses_gratis: 1,
    cantidad_dispositivos: 3,
    cantidad_sensores: 15,
    cantidad_usuarios: 2,
    solo_gratis: 0,
    puede_ser_gratis: 1,
    permite_vistas: 0,
    permite_mapa: 1,
    activo: 1,
  },
  {
    nombre: 'Intermedia',
    tipo_suscripcion_id: 3,
    ...costs([9900, 28200, 53500, 101000], [11, 31, 59, 112]),
    cant_meses_gratis: 0,
    cantidad_dispositivos: 10,
    cantidad_sensores: 50,
    cantidad_usuarios: 5,
    solo_gratis: 0,
    puede_ser_gratis: 0,
    permite_vistas: 0,
    permite_mapa: 1,
    activo: 1,
  },
  {
    nombre: 'Full',
    tipo_suscripcion_id: 4,
    ...costs([19900, 56700, 107500, 203000], [22, 62, 118, 224]),
    cant_meses_gratis: 0,
    cantidad_dispositivos: 30,
    cantidad_sensores: 200,
    cantidad_usuarios: 10,
    solo_gratis: 0,
    puede_ser_gratis: 0,
    permite_vistas: 1,
    permite_mapa: 1,
    activo: 1,
  },
  {
    // Granted with a board bought in the shop (the device already "exists"): not sold on its own.
    nombre: 'Equipo existente',
    tipo_suscripcion_id: 5,
    ...costs([0, 0, 0, 0], [0, 0, 0, 0]),
    cant_meses_gratis: 0,
    cantidad_dispositivos: 1,
    cantidad_sensores: 10,
    cantidad_usuarios: 1,
    solo_gratis: 0,
    puede_ser_gratis: 0,
    permite_vistas: 0,
    permite_mapa: 1,
    activo: 0,
  },
];

async function upsertCatalogue(
  db: Db,
  table: 'subscription_types' | 'device_types' | 'sensor_types' | 'widget_types',
  rows: ReadonlyArray<{ id: number; descripcion: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto(table)
    .values(rows.map((r) => ({ id: r.id, descripcion: r.descripcion })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({ descripcion: eb.ref('excluded.descripcion') })),
    )
    .execute();
}

/**
 * Reference data seeded at every start; idempotent, so restarts and several instances are safe.
 * Existing plans are left as they are (an operator may have edited prices); missing ones are added.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Several instances may start together on one PostgreSQL: one seeds at a time.
    await takeSeedLock(trx);
    await upsertCatalogue(trx, 'subscription_types', tiposSuscripcionCatalogo);
    await upsertCatalogue(trx, 'device_types', deviceTypesCatalogue);
    await upsertCatalogue(trx, 'sensor_types', tiposSensorCatalogo);
    await upsertCatalogue(trx, 'widget_types', tiposWidgetCatalogo);

    const existingPlans = await trx.selectFrom('plans').select('tipo_suscripcion_id').execute();
    const presentTypes = new Set(existingPlans.map((p) => p.tipo_suscripcion_id));
    const missingPlans = plansCatalogue.filter((p) => !presentTypes.has(p.tipo_suscripcion_id));
    if (missingPlans.length > 0)
      await trx
        .insertInto('plans')
        .values([...missingPlans])
        .execute();

    const existingCodes = await trx
      .selectFrom('country_codes')
      .select(['codigo_pais', 'descripcion'])
      .execute();
    const present = new Set(existingCodes.map((c) => `${c.codigo_pais}|${c.descripcion}`));
    const missingCodes = countryCallingCodes
      .filter(([codigo, descripcion]) => !present.has(`${codigo}|${descripcion}`))
      .map(([codigo_pais, descripcion]) => ({ codigo_pais, descripcion }));
    if (missingCodes.length > 0) await trx.insertInto('country_codes').values(missingCodes).execute();
  });
}
