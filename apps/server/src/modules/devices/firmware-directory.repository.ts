import type { Db } from '../../platform/db/client.js';

/** A device as the firmware module targets it. */
export interface FirmwareTarget {
  id: number;
  nombre: string;
  apikey: string;
  tipoEquipoId: number | null;
  /** The folder where the asking user keeps it (null for inventory lookups). */
  folderId: number | null;
}

/**
 * The devices module's read interface for firmware over the air (modules/firmware): which devices
 * a user manages (owner or administrator), their folders, the inventory's devices of a type, and
 * devices by id. Plain reads; firmware never writes these tables.
 */
export function createFirmwareDirectory(db: Db) {
  const columns = ['d.id', 'd.nombre', 'd.apikey', 'd.tipo_equipo_id'] as const;
  const toTarget = (row: {
    id: number;
    nombre: string;
    apikey: string;
    tipo_equipo_id: number | null;
    folder_id?: number | null;
  }): FirmwareTarget => ({
    id: Number(row.id),
    nombre: row.nombre,
    apikey: row.apikey,
    tipoEquipoId: row.tipo_equipo_id === null ? null : Number(row.tipo_equipo_id),
    folderId: row.folder_id === null || row.folder_id === undefined ? null : Number(row.folder_id),
  });

  return {
    /** The devices where the user holds one of `roles`, with the folder the user keeps each in. */
    async devicesWithRole(userId: number, roles: readonly number[]): Promise<FirmwareTarget[]> {
      const rows = await db
        .selectFrom('device_users as du')
        .innerJoin('devices as d', 'd.id', 'du.device_id')
        .select([...columns, 'du.folder_id'])
        .where('du.user_id', '=', userId)
        .where('du.rol_id', 'in', [...roles])
        .orderBy('d.id')
        .execute();
      return rows.map(toTarget);
    },

    /** The user's folders (id, parent, name), to expand a folder into its subfolders. */
    async foldersOf(userId: number): Promise<Array<{ id: number; parentId: number | null; nombre: string }>> {
      const rows = await db
        .selectFrom('folders')
        .select(['id', 'parent_id', 'nombre'])
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        parentId: r.parent_id === null ? null : Number(r.parent_id),
        nombre: r.nombre,
      }));
    },

    /** The inventory's devices (created by an admin, not yet handed over) of a device type. */
    async inventoryOfType(tipoEquipoId: number): Promise<FirmwareTarget[]> {
      const rows = await db
        .selectFrom('devices as d')
        .select([...columns])
        .where('d.inventario', '=', 1)
        .where('d.tipo_equipo_id', '=', tipoEquipoId)
        .orderBy('d.id')
        .execute();
      return rows.map(toTarget);
    },

    async byIds(ids: readonly number[]): Promise<FirmwareTarget[]> {
      const found: FirmwareTarget[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('devices as d')
          .select([...columns])
          .where('d.id', 'in', ids.slice(i, i + 500))
          .execute();
        found.push(...rows.map(toTarget));
      }
      return found;
    },

    /** Whether the device type exists in the catalogue, and its name. */
    async deviceType(id: number): Promise<{ id: number; descripcion: string } | null> {
      const row = await db
        .selectFrom('device_types')
        .select(['id', 'descripcion'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: Number(row.id), descripcion: row.descripcion } : null;
    },

    async deviceTypes(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('device_types').select(['id', 'descripcion']).execute();
      return new Map(rows.map((r) => [Number(r.id), r.descripcion]));
    },
  };
}

export type FirmwareDirectory = ReturnType<typeof createFirmwareDirectory>;
