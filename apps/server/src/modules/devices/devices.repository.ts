import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import type { DeviceRow } from '../../platform/db/schema.js';

/** A device as one user sees it: the device row plus that user's role and folder. */
export interface DeviceForUser extends DeviceRow {
  rol_id: number;
  folder_id: number | null;
}

/**
 * Queries on devices, device_users (roles and per-user folder) and layouts. Every function
 * takes the executor so a service can run several of them in one transaction.
 */
export function createDevicesRepository() {
  return {
    async roleOn(db: Db, userId: number, deviceId: number): Promise<number | null> {
      const row = await db
        .selectFrom('device_users')
        .select('rol_id')
        .where('user_id', '=', userId)
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      return row ? Number(row.rol_id) : null;
    },

    async deviceIdsOf(db: Db, userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('device_users')
        .select('device_id')
        .where('user_id', '=', userId)
        .orderBy('device_id')
        .execute();
      return rows.map((r) => Number(r.device_id));
    },

    async byId(db: Db, deviceId: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
    },

    /** The user's devices (optionally only some ids, or a case-insensitive name filter), by name. */
    async listForUser(
      db: Db,
      userId: number,
      filter: { ids?: number[]; nombreContiene?: string } = {},
    ): Promise<DeviceForUser[]> {
      let query = db
        .selectFrom('devices as d')
        .innerJoin('device_users as du', 'du.device_id', 'd.id')
        .selectAll('d')
        .select(['du.rol_id', 'du.folder_id'])
        .where('du.user_id', '=', userId);
      if (filter.ids) {
        if (filter.ids.length === 0) return [];
        query = query.where('d.id', 'in', filter.ids);
      }
      if (filter.nombreContiene) {
        const pattern = `%${filter.nombreContiene.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql<boolean>`lower(d.nombre) like ${pattern} escape '\\'`);
      }
      return query.orderBy('d.nombre').orderBy('d.id').execute();
    },

    async idByApikey(db: Db, apikey: string): Promise<number | null> {
      const row = await db.selectFrom('devices').select('id').where('apikey', '=', apikey).executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    async apikeyExists(db: Db, apikey: string): Promise<boolean> {
      const row = await db.selectFrom('devices').select('id').where('apikey', '=', apikey).executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      db: Db,
      values: {
        nombre: string;
        apikey: string;
        secret: string;
        tipoEquipoId: number | null;
        ownerId: number;
      },
    ): Promise<number> {
      const row = await db
        .insertInto('devices')
        .values({
          nombre: values.nombre,
          apikey: values.apikey,
          secret: values.secret,
          tipo_equipo_id: values.tipoEquipoId,
          owner_id: values.ownerId,
          conectado: 0,
          conectado_cambio_at: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(db: Db, deviceId: number, values: { nombre: string; tipoEquipoId: number | null }) {
      await db
        .updateTable('devices')
        .set({ nombre: values.nombre, tipo_equipo_id: values.tipoEquipoId })
        .where('id', '=', deviceId)
        .execute();
    },

    async link(db: Db, values: { deviceId: number; userId: number; rolId: number; folderId: number | null }) {
      await db
        .insertInto('device_users')
        .values({
          device_id: values.deviceId,
          user_id: values.userId,
          rol_id: values.rolId,
          folder_id: values.folderId,
          created_at: Date.now(),
        })
        .execute();
    },

    /** Changes an existing role; false when the user holds no role on the device. */
    async setRole(db: Db, deviceId: number, userId: number, rolId: number): Promise<boolean> {
      const result = await db
        .updateTable('device_users')
        .set({ rol_id: rolId })
        .where('device_id', '=', deviceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async unlink(db: Db, deviceId: number, userId: number) {
      await db
        .deleteFrom('device_users')
        .where('device_id', '=', deviceId)
        .where('user_id', '=', userId)
        .execute();
      await db
        .deleteFrom('layouts')
        .where('user_id', '=', userId)
        .where('owner_kind', '=', 'equipo')
        .where('owner_id', '=', deviceId)
        .execute();
    },

    async setFolder(db: Db, deviceId: number, userId: number, folderId: number | null) {
      await db
        .updateTable('device_users')
        .set({ folder_id: folderId })
        .where('device_id', '=', deviceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Removes the device and everything hanging from it (sensors, shadows, roles, layouts). */
    async deleteDevice(db: Db, deviceId: number) {
      const sensorIds = db.selectFrom('sensors').select('id').where('device_id', '=', deviceId);
      await db.deleteFrom('shadows').where('sensor_id', 'in', sensorIds).execute();
      await db.deleteFrom('sensors').where('device_id', '=', deviceId).execute();
      await db.deleteFrom('device_users').where('device_id', '=', deviceId).execute();
      await db
        .deleteFrom('layouts')
        .where('owner_kind', '=', 'equipo')
        .where('owner_id', '=', deviceId)
        .execute();
      await db.deleteFrom('devices').where('id', '=', deviceId).execute();
    },

    async deviceTypes(db: Db) {
      return db.selectFrom('device_types').selectAll().orderBy('id').execute();
    },

    async deviceTypeExists(db: Db, id: number): Promise<boolean> {
      const row = await db.selectFrom('device_types').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async layoutsOf(db: Db, userId: number, kind: 'equipo' | 'vista', ownerIds: number[]) {
      if (ownerIds.length === 0) return [];
      return db
        .selectFrom('layouts')
        .select(['owner_id', 'layouts'])
        .where('user_id', '=', userId)
        .where('owner_kind', '=', kind)
        .where('owner_id', 'in', ownerIds)
        .execute();
    },

    async saveLayout(db: Db, userId: number, kind: 'equipo' | 'vista', ownerId: number, layouts: string) {
      const now = Date.now();
      await db
        .insertInto('layouts')
        .values({ user_id: userId, owner_kind: kind, owner_id: ownerId, layouts, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'owner_kind', 'owner_id']).doUpdateSet({ layouts, updated_at: now }),
        )
        .execute();
    },

    async deleteLayout(db: Db, userId: number, kind: 'equipo' | 'vista', ownerId: number) {
      await db
        .deleteFrom('layouts')
        .where('user_id', '=', userId)
        .where('owner_kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .execute();
    },

    /** The users holding a role on a device, with their role, owner first. */
    async membersOf(db: Db, deviceId: number): Promise<Array<{ userId: number; rolId: number }>> {
      const rows = await db
        .selectFrom('device_users')
        .select(['user_id', 'rol_id'])
        .where('device_id', '=', deviceId)
        .orderBy('rol_id', 'desc')
        .orderBy('created_at')
        .orderBy('user_id')
        .execute();
      return rows.map((r) => ({ userId: Number(r.user_id), rolId: Number(r.rol_id) }));
    },

    /** Ids of the devices where the user holds one of `roles`. */
    async deviceIdsWithRole(db: Db, userId: number, roles: readonly number[]): Promise<number[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .selectFrom('device_users')
        .select('device_id')
        .where('user_id', '=', userId)
        .where('rol_id', 'in', [...roles])
        .orderBy('device_id')
        .execute();
      return rows.map((r) => Number(r.device_id));
    },

    async namesByIds(db: Db, deviceIds: number[]): Promise<Array<{ id: number; nombre: string }>> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('devices')
        .select(['id', 'nombre'])
        .where('id', 'in', deviceIds)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), nombre: r.nombre }));
    },

    /**
     * Whether a role for `userId` on a device of the licence holder `ownerUserId` adds one to the
     * licence's user count (see usageOf): false for the holder's family and for someone who
     * already holds a role on one of the family's devices.
     */
    async addsLicenceUser(db: Db, family: number[], userId: number): Promise<boolean> {
      if (family.includes(userId)) return false;
      const counted = await db
        .selectFrom('device_users')
        .select('device_id')
        .where('user_id', '=', userId)
        .where('device_id', 'in', db.selectFrom('devices').select('id').where('owner_id', 'in', family))
        .executeTakeFirst();
      return counted === undefined;
    },

    /**
     * What a licence holder uses: devices owned by the accounts of its licence (`family`: the user
     * and its sub-users, from the users module), their sensors, and the distinct other users
     * holding a role on them. Derived on every call, so it never drifts.
     */
    async usageOf(db: Db, family: number[]) {
      if (family.length === 0) return { equipos: 0, sensores: 0, usuarios: 0 };
      const owned = db.selectFrom('devices').select('id').where('owner_id', 'in', family);
      const [equipos, sensores, usuarios] = await Promise.all([
        db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', 'in', family)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sensors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('device_id', 'in', owned)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('device_users')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('device_id', 'in', owned)
          .where('user_id', 'not in', family)
          .executeTakeFirstOrThrow(),
      ]);
      return { equipos: Number(equipos.n), sensores: Number(sensores.n), usuarios: Number(usuarios.n) };
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
