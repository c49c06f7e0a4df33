import { mensajes, rolesEquipo } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { DevicesCore } from './devices.core.js';
import { createInventoryRepository } from './inventory.repository.js';

/** Credentials a new or regenerated device gets (the same rule as devices created by users). */
export type CredentialsFactory = () => Promise<{ apikey: string; secret: string }>;

/** A device as the admin inventory lists it. */
export interface InventoryDevice {
  id: number;
  nombre: string;
  apikey: string;
  tipoEquipo: { id: number; descripcion: string } | null;
  ownerId: number;
  conectado: boolean;
  /** The last sign of life: the newest reading, or the last connection change. */
  ultimoContacto: number | null;
  creado: number;
  enInventario: boolean;
  firmware: string | null;
}

/**
 * The admin side of devices (the admin module calls it; the admin check is there): devices created
 * in bulk into the inventory of the admin who creates them, listed with their state, handed over to
 * a customer (ownership moves, the inventory link goes), and new credentials when the old ones leak.
 */
export function createInventoryService(
  core: DevicesCore,
  credentials: CredentialsFactory,
  /** The label's claim code of an inventory device (issued on first use), or null (claim.service). */
  claimCode: (deviceId: number, executor?: Db) => Promise<string | null> = async () => null,
) {
  const { db, repos } = core;
  const inventory = createInventoryRepository();

  async function deviceTypes() {
    return new Map((await repos.devices.deviceTypes(db)).map((t) => [Number(t.id), t.descripcion]));
  }

  return {
    async list(filter: {
      texto?: string | undefined;
      estado?: 'conectado' | 'desconectado' | 'inventario' | undefined;
      tipo?: number | undefined;
      ownerIds?: number[] | undefined;
    }): Promise<InventoryDevice[]> {
      const [rows, types] = await Promise.all([inventory.list(db, filter), deviceTypes()]);
      return rows.map((row) => ({
        id: row.id,
        nombre: row.nombre,
        apikey: row.apikey,
        tipoEquipo:
          row.tipo_equipo_id === null
            ? null
            : { id: row.tipo_equipo_id, descripcion: types.get(row.tipo_equipo_id) ?? '' },
        ownerId: row.owner_id,
        conectado: row.conectado === 1,
        ultimoContacto: Math.max(row.ultimo_valor_at ?? 0, row.conectado_cambio_at ?? 0) || null,
        creado: row.created_at,
        enInventario: row.inventario === 1,
        firmware: row.firmware,
      }));
    },

    /**
     * Creates `cantidad` devices named from the pattern ('{n}' is the number, 1-based from `desde`),
     * owned by the admin, in one transaction. Returns them with their secrets: the only time the
     * secrets are shown together, for the labels.
     */
    async createBatch(
      adminId: number,
      input: {
        patron: string;
        cantidad: number;
        desde: number;
        tipoEquipoId: number | null;
        firmware: string | null;
      },
    ): Promise<
      Array<{ id: number; nombre: string; apikey: string; secret: string; codigoReclamo: string | null }>
    > {
      if (input.tipoEquipoId !== null && !(await repos.devices.deviceTypeExists(db, input.tipoEquipoId)))
        throw badRequest(mensajes.tipoEquipoInvalido);
      const created: Array<{
        id: number;
        nombre: string;
        apikey: string;
        secret: string;
        codigoReclamo: string | null;
      }> = [];
      const fresh: Array<{ apikey: string; secret: string }> = [];
      for (let i = 0; i < input.cantidad; i += 1) fresh.push(await credentials());
      await db.transaction().execute(async (trx) => {
        const folderId = Number((await core.ensureRoot(adminId, trx)).id);
        for (let i = 0; i < input.cantidad; i += 1) {
          const number = input.desde + i;
          const nombre = input.patron.includes('{n}')
            ? input.patron.replaceAll('{n}', String(number))
            : `${input.patron} ${number}`;
          const pair = fresh[i] as { apikey: string; secret: string };
          const id = await repos.devices.insert(trx, {
            nombre,
            ...pair,
            tipoEquipoId: input.tipoEquipoId,
            ownerId: adminId,
          });
          await inventory.markInventory(trx, id, input.firmware);
          await repos.devices.link(trx, {
            deviceId: id,
            userId: adminId,
            rolId: rolesEquipo.propietario,
            folderId,
          });
          created.push({ id, nombre, ...pair, codigoReclamo: await claimCode(id, trx) });
        }
      });
      for (const device of created) core.changed(device.id);
      return created;
    },

    /**
     * Hands a device to a customer: they become its owner (in their root folder), the previous
     * owner's link goes, and it leaves the inventory. Other users' roles stay.
     */
    async assignToUser(deviceId: number, userId: number): Promise<{ previousOwnerId: number }> {
      const device = await repos.devices.byId(db, deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      const previousOwnerId = Number(device.owner_id);
      if (previousOwnerId === userId) return { previousOwnerId };
      await db.transaction().execute(async (trx) => {
        const folderId = Number((await core.ensureRoot(userId, trx)).id);
        await repos.devices.unlink(trx, deviceId, previousOwnerId);
        await repos.devices.unlink(trx, deviceId, userId);
        await repos.devices.link(trx, { deviceId, userId, rolId: rolesEquipo.propietario, folderId });
        await inventory.setOwner(trx, deviceId, userId);
      });
      core.revoked({ deviceId, userId: previousOwnerId });
      core.changed(deviceId);
      return { previousOwnerId };
    },

    /** New apikey and secret: the old ones stop working at once and open sessions are closed. */
    async regenerateCredentials(deviceId: number): Promise<{ apikey: string; secret: string }> {
      const device = await repos.devices.byId(db, deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      const pair = await credentials();
      await inventory.setCredentials(db, deviceId, pair);
      core.changed(deviceId);
      return pair;
    },

    async credentialsOf(
      deviceId: number,
    ): Promise<{ id: number; nombre: string; apikey: string; secret: string; codigoReclamo: string | null }> {
      const device = await repos.devices.byId(db, deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      return {
        id: Number(device.id),
        nombre: device.nombre,
        apikey: device.apikey,
        secret: device.secret,
        codigoReclamo: await claimCode(deviceId),
      };
    },

    async setFirmware(deviceId: number, firmware: string | null): Promise<void> {
      if (!(await repos.devices.byId(db, deviceId))) throw notFound(mensajes.equipoNoEncontrado);
      await inventory.setFirmware(db, deviceId, firmware);
    },

    async deviceTypes() {
      return (await repos.devices.deviceTypes(db)).map((t) => ({
        id: Number(t.id),
        descripcion: t.descripcion,
      }));
    },

    async saveDeviceType(id: number | null, descripcion: string): Promise<number> {
      return inventory.saveDeviceType(db, id, descripcion);
    },

    async exists(deviceId: number): Promise<boolean> {
      return (await repos.devices.byId(db, deviceId)) !== undefined;
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
