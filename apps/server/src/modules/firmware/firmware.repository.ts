import type { EstadoActualizacion, EstadoDespliegue } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';

export interface PackageRow {
  id: number;
  ownerId: number;
  titulo: string;
  version: string;
  tipoEquipoId: number;
  notas: string | null;
  archivo: string;
  tamano: number;
  sha256: string;
  inventario: boolean;
  almacen: string;
  listo: boolean;
  createdAt: number;
}

export interface RolloutRow {
  id: number;
  ownerId: number;
  packageId: number;
  destinoTipo: 'equipo' | 'carpeta' | 'tipo';
  destinoId: number;
  destinoNombre: string;
  estado: EstadoDespliegue;
  ritmo: number;
  createdAt: number;
}

export interface UpdateRow {
  id: number;
  rolloutId: number;
  packageId: number;
  deviceId: number;
  estado: EstadoActualizacion;
  progreso: number | null;
  motivo: string | null;
  intentos: number;
  createdAt: number;
  updatedAt: number;
}

/** States of an update that is on its way (told, or reporting): not waiting and not finished. */
export const enCurso: EstadoActualizacion[] = [
  'NOTIFICADO',
  'DESCARGANDO',
  'DESCARGADO',
  'VERIFICADO',
  'ACTUALIZANDO',
];
/** States that still can change. */
export const abiertos: EstadoActualizacion[] = ['PENDIENTE', ...enCurso];

const packageColumns = [
  'id',
  'owner_id',
  'titulo',
  'version',
  'tipo_equipo_id',
  'notas',
  'archivo',
  'tamano',
  'sha256',
  'inventario',
  'almacen',
  'listo',
  'created_at',
] as const;
const updateColumns = [
  'id',
  'rollout_id',
  'package_id',
  'device_id',
  'estado',
  'progreso',
  'motivo',
  'intentos',
  'created_at',
  'updated_at',
] as const;
const rolloutColumns = [
  'id',
  'owner_id',
  'package_id',
  'destino_tipo',
  'destino_id',
  'destino_nombre',
  'estado',
  'ritmo',
  'created_at',
] as const;

type PackageSelect = {
  id: number;
  owner_id: number;
  titulo: string;
  version: string;
  tipo_equipo_id: number;
  notas: string | null;
  archivo: string;
  tamano: number;
  sha256: string;
  inventario: number;
  almacen: string;
  listo: number;
  created_at: number;
};
const toPackage = (r: PackageSelect): PackageRow => ({
  id: Number(r.id),
  ownerId: Number(r.owner_id),
  titulo: r.titulo,
  version: r.version,
  tipoEquipoId: Number(r.tipo_equipo_id),
  notas: r.notas,
  archivo: r.archivo,
  tamano: Number(r.tamano),
  sha256: r.sha256,
  inventario: Number(r.inventario) === 1,
  almacen: r.almacen,
  listo: Number(r.listo) === 1,
  createdAt: Number(r.created_at),
});
const toUpdate = (r: {
  id: number;
  rollout_id: number;
  package_id: number;
  device_id: number;
  estado: string;
  progreso: number | null;
  motivo: string | null;
  intentos: number;
  created_at: number;
  updated_at: number;
}): UpdateRow => ({
  id: Number(r.id),
  rolloutId: Number(r.rollout_id),
  packageId: Number(r.package_id),
  deviceId: Number(r.device_id),
  estado: r.estado as EstadoActualizacion,
  progreso: r.progreso === null ? null : Number(r.progreso),
  motivo: r.motivo,
  intentos: Number(r.intentos),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});
const toRollout = (r: {
  id: number;
  owner_id: number;
  package_id: number;
  destino_tipo: string;
  destino_id: number;
  destino_nombre: string;
  estado: string;
  ritmo: number;
  created_at: number;
}): RolloutRow => ({
  id: Number(r.id),
  ownerId: Number(r.owner_id),
  packageId: Number(r.package_id),
  destinoTipo: r.destino_tipo as RolloutRow['destinoTipo'],
  destinoId: Number(r.destino_id),
  destinoNombre: r.destino_nombre,
  estado: r.estado as EstadoDespliegue,
  ritmo: Number(r.ritmo),
  createdAt: Number(r.created_at),
});

/** Kysely queries on the firmware module's own tables. The caller passes the executor. */
export function createFirmwareRepository() {
  return {
    // ---- packages ----
    async insertPackage(
      db: Db,
      values: {
        ownerId: number;
        titulo: string;
        version: string;
        tipoEquipoId: number;
        notas: string | null;
        archivo: string;
        inventario: boolean;
        almacen: string;
      },
    ): Promise<number> {
      const row = await db
        .insertInto('firmware_packages')
        .values({
          owner_id: values.ownerId,
          titulo: values.titulo,
          version: values.version,
          tipo_equipo_id: values.tipoEquipoId,
          notas: values.notas,
          archivo: values.archivo,
          inventario: values.inventario ? 1 : 0,
          almacen: values.almacen,
          listo: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async finishPackage(db: Db, id: number, tamano: number, sha256: string) {
      await db
        .updateTable('firmware_packages')
        .set({ tamano, sha256, listo: 1 })
        .where('id', '=', id)
        .execute();
    },
    async deletePackage(db: Db, id: number) {
      await db.deleteFrom('firmware_packages').where('id', '=', id).execute();
    },
    async titleTaken(db: Db, ownerId: number, titulo: string, version: string): Promise<boolean> {
      const row = await db
        .selectFrom('firmware_packages')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('titulo', '=', titulo)
        .where('version', '=', version)
        .executeTakeFirst();
      return row !== undefined;
    },
    async packageById(db: Db, id: number): Promise<PackageRow | null> {
      const row = await db
        .selectFrom('firmware_packages')
        .select(packageColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toPackage(row) : null;
    },
    async packagesOf(db: Db, ownerId: number): Promise<PackageRow[]> {
      const rows = await db
        .selectFrom('firmware_packages')
        .select(packageColumns)
        .where('owner_id', '=', ownerId)
        .where('listo', '=', 1)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPackage);
    },
    async packagesByIds(db: Db, ids: number[]): Promise<Map<number, PackageRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('firmware_packages')
        .select(packageColumns)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [Number(r.id), toPackage(r)]));
    },
    async sameContentCount(db: Db, sha256: string): Promise<number> {
      const row = await db
        .selectFrom('firmware_packages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sha256', '=', sha256)
        .where('almacen', '=', 'dir')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async packageHasOpenRollouts(db: Db, packageId: number): Promise<boolean> {
      const row = await db
        .selectFrom('firmware_rollouts')
        .select('id')
        .where('package_id', '=', packageId)
        .where('estado', 'in', ['ACTIVO', 'PAUSADO'])
        .executeTakeFirst();
      return row !== undefined;
    },

    // ---- rollouts ----
    async insertRollout(
      db: Db,
      values: {
        ownerId: number;
        packageId: number;
        destinoTipo: string;
        destinoId: number;
        destinoNombre: string;
        ritmo: number;
      },
    ): Promise<number> {
      const now = Date.now();
      const row = await db
        .insertInto('firmware_rollouts')
        .values({
          owner_id: values.ownerId,
          package_id: values.packageId,
          destino_tipo: values.destinoTipo,
          destino_id: values.destinoId,
          destino_nombre: values.destinoNombre,
          estado: 'ACTIVO',
          ritmo: values.ritmo,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async rolloutById(db: Db, id: number): Promise<RolloutRow | null> {
      const row = await db
        .selectFrom('firmware_rollouts')
        .select(rolloutColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRollout(row) : null;
    },
    async rolloutsOf(db: Db, ownerId: number): Promise<RolloutRow[]> {
      const rows = await db
        .selectFrom('firmware_rollouts')
        .select(rolloutColumns)
        .where('owner_id', '=', ownerId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map(toRollout);
    },
    /** Moves a rollout from one of `from` to `to`; false when it was in none of them. */
    async setRolloutState(
      db: Db,
      id: number,
      from: EstadoDespliegue[],
      to: EstadoDespliegue,
    ): Promise<boolean> {
      const result = await db
        .updateTable('firmware_rollouts')
        .set({ estado: to, updated_at: Date.now() })
        .where('id', '=', id)
        .where('estado', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Counts of updates by state, per rollout. */
    async countsOf(db: Db, rolloutIds: number[]): Promise<Map<number, Record<string, number>>> {
      const result = new Map<number, Record<string, number>>();
      if (rolloutIds.length === 0) return result;
      const rows = await db
        .selectFrom('firmware_updates')
        .select(['rollout_id', 'estado', (eb) => eb.fn.countAll<number>().as('n')])
        .where('rollout_id', 'in', rolloutIds)
        .groupBy(['rollout_id', 'estado'])
        .execute();
      for (const row of rows) {
        const key = Number(row.rollout_id);
        const counts = result.get(key) ?? {};
        counts[row.estado] = Number(row.n);
        result.set(key, counts);
      }
      return result;
    },

    // ---- updates ----
    async insertUpdates(db: Db, rolloutId: number, packageId: number, deviceIds: number[]) {
      const now = Date.now();
      for (let i = 0; i < deviceIds.length; i += 500) {
        await db
          .insertInto('firmware_updates')
          .values(
            deviceIds.slice(i, i + 500).map((deviceId) => ({
              rollout_id: rolloutId,
              package_id: packageId,
              device_id: deviceId,
              estado: 'PENDIENTE',
              progreso: null,
              motivo: null,
              intentos: 0,
              notified_at: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    },
    /** Open updates of these devices (another rollout's, superseded by a new one). */
    async openUpdatesOf(db: Db, deviceIds: number[]): Promise<UpdateRow[]> {
      if (deviceIds.length === 0) return [];
      const found: UpdateRow[] = [];
      for (let i = 0; i < deviceIds.length; i += 500) {
        const rows = await db
          .selectFrom('firmware_updates')
          .select(updateColumns)
          .where('device_id', 'in', deviceIds.slice(i, i + 500))
          .where('estado', 'in', abiertos)
          .execute();
        found.push(...rows.map(toUpdate));
      }
      return found;
    },
    async updateById(db: Db, id: number): Promise<UpdateRow | null> {
      const row = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toUpdate(row) : null;
    },
    async updatesOfRollout(db: Db, rolloutId: number): Promise<UpdateRow[]> {
      const rows = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('rollout_id', '=', rolloutId)
        .orderBy('id')
        .execute();
      return rows.map(toUpdate);
    },
    async pendingOf(db: Db, rolloutId: number, limit: number): Promise<UpdateRow[]> {
      const rows = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('rollout_id', '=', rolloutId)
        .where('estado', '=', 'PENDIENTE')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toUpdate);
    },
    async countIn(db: Db, rolloutId: number, estados: EstadoActualizacion[]): Promise<number> {
      const row = await db
        .selectFrom('firmware_updates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rollout_id', '=', rolloutId)
        .where('estado', 'in', estados)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** The device's update on its way (told and not finished), newest first. */
    async currentOf(db: Db, deviceId: number): Promise<UpdateRow | null> {
      const row = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('device_id', '=', deviceId)
        .where('estado', 'in', enCurso)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toUpdate(row) : null;
    },
    /** The device's latest update of this package that is not cancelled (downloads check it). */
    async assignedUpdate(db: Db, deviceId: number, packageId: number): Promise<UpdateRow | null> {
      const row = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('device_id', '=', deviceId)
        .where('package_id', '=', packageId)
        .where('estado', 'not in', ['CANCELADO', 'PENDIENTE'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toUpdate(row) : null;
    },
    async historyOf(db: Db, deviceId: number, limit = 50): Promise<UpdateRow[]> {
      const rows = await db
        .selectFrom('firmware_updates')
        .select(updateColumns)
        .where('device_id', '=', deviceId)
        .where('estado', '!=', 'PENDIENTE')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toUpdate);
    },
    /**
     * Moves an update from one of `from` to `to` (conditional, so two instances or a repeated report
     * change it once); false when it was in none of them.
     */
    async setUpdateState(
      db: Db,
      id: number,
      from: EstadoActualizacion[],
      to: EstadoActualizacion,
      fields: {
        progreso?: number | null;
        motivo?: string | null;
        notified?: boolean;
        attempt?: boolean;
      } = {},
    ): Promise<boolean> {
      const now = Date.now();
      const result = await db
        .updateTable('firmware_updates')
        .set((eb) => ({
          estado: to,
          updated_at: now,
          ...(fields.progreso !== undefined ? { progreso: fields.progreso } : {}),
          ...(fields.motivo !== undefined ? { motivo: fields.motivo } : {}),
          ...(fields.notified ? { notified_at: now } : {}),
          ...(fields.attempt ? { intentos: eb('intentos', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .where('estado', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // ---- reported versions ----
    async versionOf(db: Db, deviceId: number) {
      const row = await db
        .selectFrom('firmware_device_versions')
        .select(['titulo', 'version', 'reported_at'])
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      return row ? { titulo: row.titulo, version: row.version, fecha: Number(row.reported_at) } : null;
    },
    async versionsOf(db: Db, deviceIds: number[]) {
      const result = new Map<number, { titulo: string | null; version: string; fecha: number }>();
      for (let i = 0; i < deviceIds.length; i += 500) {
        const rows = await db
          .selectFrom('firmware_device_versions')
          .select(['device_id', 'titulo', 'version', 'reported_at'])
          .where('device_id', 'in', deviceIds.slice(i, i + 500))
          .execute();
        for (const r of rows)
          result.set(Number(r.device_id), {
            titulo: r.titulo,
            version: r.version,
            fecha: Number(r.reported_at),
          });
      }
      return result;
    },
    async saveVersion(db: Db, deviceId: number, titulo: string | null, version: string) {
      const now = Date.now();
      await db
        .insertInto('firmware_device_versions')
        .values({ device_id: deviceId, titulo, version, reported_at: now })
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ titulo, version, reported_at: now }))
        .execute();
    },
  };
}

export type FirmwareRepository = ReturnType<typeof createFirmwareRepository>;
