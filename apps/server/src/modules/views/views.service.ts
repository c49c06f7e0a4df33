import {
  codigosVista,
  type EliminarSensorDeVistaData,
  type Layouts,
  type Licencia,
  mensajes,
  type Sensor,
  type Vista,
  type VistaSaveData,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { createViewsRepository } from './views.repository.js';

/** What the views module needs from its siblings; modules.ts passes the real services. */
export interface ViewsDeps {
  db: Db;
  /** The devices module's read side: sensors in the caller's reach and the stored view layouts. */
  devices: {
    reachableSensors(userId: number): Promise<Sensor[]>;
    layoutsOf(userId: number, viewIds: number[]): Promise<Map<number, Layouts | null>>;
    removeLayouts(userId: number, viewId: number): Promise<void>;
  };
  /** Licensing: views exist only on plans that permit them (token permiteVistas). */
  licensing: { getActiveLicence(userId: number): Promise<Licencia | null> };
}

/**
 * Views: rules and permissions. Only the owner reaches a view (404 for anyone else, nothing
 * changed). Creating and editing need a plan that permits views; reading, deleting a view and
 * removing a sensor from it stay possible after a downgrade, so a user can always clean up.
 * A sensor the owner no longer reaches (device unlinked or deleted) drops out of the answers.
 */
export function createViewsService(deps: ViewsDeps) {
  const { db } = deps;
  const repo = createViewsRepository();

  async function permiteVistas(userId: number): Promise<boolean> {
    return (await deps.licensing.getActiveLicence(userId))?.permiteVistas === true;
  }

  async function requireOwned(userId: number, viewId: number) {
    const view = await repo.owned(db, userId, viewId);
    if (!view) throw notFound(mensajes.vistaNoEncontrada);
    return view;
  }

  async function assemble(userId: number, views: { id: number; nombre: string }[]): Promise<Vista[]> {
    if (views.length === 0) return [];
    const ids = views.map((v) => Number(v.id));
    const [sensorIds, reachable, layouts] = await Promise.all([
      repo.sensorIdsOf(db, ids),
      deps.devices.reachableSensors(userId),
      deps.devices.layoutsOf(userId, ids),
    ]);
    const byId = new Map(reachable.map((sensor) => [sensor.id, sensor]));
    return views.map((view) => {
      const id = Number(view.id);
      return {
        id,
        nombre: view.nombre,
        sensores: (sensorIds.get(id) ?? []).flatMap((sensorId) => byId.get(sensorId) ?? []),
        layouts: layouts.get(id) ?? null,
      };
    });
  }

  async function vistaFor(userId: number, viewId: number): Promise<Vista> {
    const [vista] = await assemble(userId, [await requireOwned(userId, viewId)]);
    if (!vista) throw notFound(mensajes.vistaNoEncontrada);
    return vista;
  }

  return {
    async mine(userId: number): Promise<{ vistas: Vista[]; permiteVistas: boolean }> {
      const [views, permite] = await Promise.all([repo.listOf(db, userId), permiteVistas(userId)]);
      return { vistas: await assemble(userId, views), permiteVistas: permite };
    },

    /** Create (no id) or edit: name and the full, ordered sensor list. */
    async save(userId: number, input: VistaSaveData): Promise<Vista> {
      if (!(await permiteVistas(userId))) {
        throw new AppError(403, mensajes.suscripcionNoPermite, codigosVista.suscripcionNoPermite);
      }
      const viewId = input.id ? Number(input.id) : null;
      if (viewId !== null) await requireOwned(userId, viewId);
      const sensorIds = [...new Set(input.sensores.map((s) => Number(s.id)))];
      const reachable = new Set((await deps.devices.reachableSensors(userId)).map((s) => s.id));
      if (sensorIds.some((id) => !reachable.has(id))) {
        throw fieldError('sensores', mensajes.sensorAjenoVista);
      }
      const id = await db.transaction().execute(async (trx) => {
        const savedId = viewId ?? (await repo.insert(trx, userId, input.nombre));
        if (viewId !== null) await repo.rename(trx, viewId, input.nombre);
        await repo.replaceSensors(trx, savedId, sensorIds);
        return savedId;
      });
      return vistaFor(userId, id);
    },

    async remove(userId: number, viewId: number): Promise<void> {
      await requireOwned(userId, viewId);
      await db.transaction().execute((trx) => repo.delete(trx, viewId));
      await deps.devices.removeLayouts(userId, viewId);
    },

    /** Removes a sensor from the view only (spec 1 §6: allowed in the view list for any role). */
    async removeSensor(userId: number, input: EliminarSensorDeVistaData): Promise<Vista> {
      const viewId = Number(input.idVista);
      await requireOwned(userId, viewId);
      const removed = await repo.removeSensor(db, viewId, Number(input.idSensor));
      if (removed === 0) throw notFound(mensajes.sensorNoEncontrado);
      return vistaFor(userId, viewId);
    },

    /** For guardarLayout (devices module): whether the view exists and belongs to the caller. */
    async owns(userId: number, viewId: number): Promise<boolean> {
      return (await repo.owned(db, userId, viewId)) !== undefined;
    },
  };
}

export type ViewsService = ReturnType<typeof createViewsService>;
