import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';

export interface InventoryRow {
  id: number;
  nombre: string;
  apikey: string;
  tipo_equipo_id: number | null;
  owner_id: number;
  conectado: number;
  conectado_cambio_at: number | null;
  created_at: number;
  inventario: number;
  firmware: string | null;
  /** The newest reading time among the device's sensors. */
  ultimo_valor_at: number | null;
}

/** Queries of the admin inventory on devices and device_users (the devices module's tables). */
export function createInventoryRepository() {
  return {
    async list(
      db: Db,
      filter: {
        texto?: string | undefined;
        estado?: 'conectado' | 'desconectado' | 'inventario' | undefined;
        tipo?: number | undefined;
        ownerIds?: number[] | undefined;
      },
    ): Promise<InventoryRow[]> {
      let query = db
        .selectFrom('devices as d')
        .select([
          'd.id',
          'd.nombre',
          'd.apikey',
          'd.tipo_equipo_id',
          'd.owner_id',
          'd.conectado',
          'd.conectado_cambio_at',
          'd.created_at',
          'd.inventario',
          'd.firmware',
        ])
        .select((eb) =>
          eb
            .selectFrom('sensors as s')
            .select((inner) => inner.fn.max('s.fecha_uv').as('m'))
            .whereRef('s.device_id', '=', 'd.id')
            .as('ultimo_valor_at'),
        );
      if (filter.texto) {
        const pattern = `%${filter.texto.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const owners = filter.ownerIds ?? [];
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(d.nombre) like ${pattern} escape '\\'`,
            sql<boolean>`lower(d.apikey) like ${pattern} escape '\\'`,
            ...(owners.length > 0 ? [eb('d.owner_id', 'in', owners)] : []),
          ]),
        );
      }
      if (filter.estado === 'conectado') query = query.where('d.conectado', '=', 1);
      if (filter.estado === 'desconectado') query = query.where('d.conectado', '=', 0);
      if (filter.estado === 'inventario') query = query.where('d.inventario', '=', 1);
      if (filter.tipo !== undefined) query = query.where('d.tipo_equipo_id', '=', filter.tipo);
      const rows = await query.orderBy('d.id', 'desc').limit(2000).execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        tipo_equipo_id: row.tipo_equipo_id === null ? null : Number(row.tipo_equipo_id),
        owner_id: Number(row.owner_id),
        conectado: Number(row.conectado),
        conectado_cambio_at: row.conectado_cambio_at === null ? null : Number(row.conectado_cambio_at),
        created_at: Number(row.created_at),
        inventario: Number(row.inventario),
        ultimo_valor_at: row.ultimo_valor_at === null ? null : Number(row.ultimo_valor_at),
      }));
    },

    async setOwner(db: Db, deviceId: number, ownerId: number) {
      await db
        .updateTable('devices')
        .set({ owner_id: ownerId, inventario: 0 })
        .where('id', '=', deviceId)
        .execute();
    },

    async markInventory(db: Db, deviceId: number, firmware: string | null) {
      await db.updateTable('devices').set({ inventario: 1, firmware }).where('id', '=', deviceId).execute();
    },

    async setCredentials(db: Db, deviceId: number, values: { apikey: string; secret: string }) {
      await db.updateTable('devices').set(values).where('id', '=', deviceId).execute();
    },

    async setFirmware(db: Db, deviceId: number, firmware: string | null) {
      await db.updateTable('devices').set({ firmware }).where('id', '=', deviceId).execute();
    },

    async saveDeviceType(db: Db, id: number | null, descripcion: string): Promise<number> {
      if (id !== null) {
        await db.updateTable('device_types').set({ descripcion }).where('id', '=', id).execute();
        return id;
      }
      const max = await db
        .selectFrom('device_types')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      const next = Number(max?.m ?? 0) + 1;
      await db.insertInto('device_types').values({ id: next, descripcion }).execute();
      return next;
    },
  };
}
