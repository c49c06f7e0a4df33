import {
  type AccionColectiva,
  type AccionColectivaSaveData,
  type AccionesColectivasRespuesta,
  codigosAutomatizacion,
  type Favorito,
  type Licencia,
  mensajes,
  type ResultadoEjecucion,
  rolesUsuario,
  type Sensor,
  tiposAccionColectiva,
  tiposAccionColectivaCatalogo,
  tiposFavorito,
  tiposSuscripcion,
  tiposWidget,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { createActionsRepository } from './actions.repository.js';

/** What the automation module needs from its siblings; modules.ts passes the real services. */
export interface AutomationDeps {
  db: Db;
  log?: Logger;
  /** The devices module's read side: sensors in the caller's reach, device names and roles. */
  devices: {
    reachableSensors(userId: number): Promise<Sensor[]>;
    namesOf(deviceIds: number[]): Promise<Map<number, string>>;
    roleOn(userId: number, deviceId: number): Promise<number | null>;
  };
  /** The command path (telemetry): the same checks as a widget's command, per sensor. */
  commands: { enviarValor(userId: number, sensorId: number, valor: string): Promise<void> };
  licensing: { getActiveLicence(userId: number): Promise<Licencia | null> };
  users: { hasPlatformRole(userId: number, rol: string): Promise<boolean> };
}

const tipoNombre = new Map<number, string>(tiposAccionColectivaCatalogo.map((t) => [t.id, t.descripcion]));

/** Whether a sensor can be switched: it shows a toggle widget and knows its on and off values. */
function switchable(sensor: Sensor): boolean {
  return sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.toggle);
}

/**
 * Collective actions (spec 2 §1–§5): a name, a type (Apagar, Prender, Acción propia with a
 * value) and sensors of the caller's devices. Running one sends each sensor its command through
 * the same path as a widget (role and connection checks included) and reports per sensor: a
 * command to an offline device is reported as failed, never dropped. Creating, editing, running
 * and favourites need a full subscription (spec 2 §6); reading and deleting stay open, so a user
 * can always clean up after a downgrade.
 */
export function createActionsService(deps: AutomationDeps) {
  const { db } = deps;
  const repo = createActionsRepository();

  /** null when allowed, else the spec's refusal and its code. */
  async function refusal(userId: number): Promise<{ mensaje: string; codigo: string } | null> {
    const licencia = await deps.licensing.getActiveLicence(userId);
    if (!licencia)
      return { mensaje: mensajes.contrataSuscripcion, codigo: codigosAutomatizacion.sinSuscripcion };
    if (licencia.tipoSuscripcion.id !== tiposSuscripcion.full)
      return { mensaje: mensajes.seccionNoPermitida, codigo: codigosAutomatizacion.suscripcionNoFull };
    return null;
  }

  async function requireFull(userId: number): Promise<void> {
    const refused = await refusal(userId);
    if (refused) throw new AppError(403, refused.mensaje, refused.codigo);
  }

  async function isDeveloper(userId: number): Promise<boolean> {
    return deps.users.hasPlatformRole(userId, rolesUsuario.desarrollador);
  }

  async function requireOwned(userId: number, id: number) {
    const row = await repo.owned(db, userId, id);
    if (!row) throw notFound(mensajes.accionNoEncontrada);
    return row;
  }

  async function assemble(
    userId: number,
    rows: Awaited<ReturnType<typeof repo.listOf>>,
  ): Promise<AccionColectiva[]> {
    if (rows.length === 0) return [];
    const [sensorIds, reachable] = await Promise.all([
      repo.sensorIdsOf(
        db,
        rows.map((r) => r.id),
      ),
      deps.devices.reachableSensors(userId),
    ]);
    const byId = new Map(reachable.map((s) => [s.id, s]));
    const names = await deps.devices.namesOf([...new Set(reachable.map((s) => s.idEquipo))]);
    return rows.map((row) => ({
      id: row.id,
      nombre: row.nombre,
      valor: row.valor,
      tipoAccionColectiva: { id: row.tipoId, descripcion: tipoNombre.get(row.tipoId) ?? '' },
      favorita: row.favorita,
      // A sensor the user no longer reaches drops out (it comes back if access returns).
      sensores: (sensorIds.get(row.id) ?? []).flatMap((sensorId) => {
        const s = byId.get(sensorId);
        return s
          ? [
              {
                id: s.id,
                idEquipo: s.idEquipo,
                labelUsuario: s.labelUsuario,
                nombreEquipo: names.get(s.idEquipo) ?? '',
                tipoSensor: { id: s.tipoSensor.id },
              },
            ]
          : [];
      }),
    }));
  }

  async function one(userId: number, id: number): Promise<AccionColectiva> {
    const [accion] = await assemble(userId, [await requireOwned(userId, id)]);
    if (!accion) throw notFound(mensajes.accionNoEncontrada);
    return accion;
  }

  /**
   * Sends each sensor its command (Prender: its on value, Apagar: its off value, Acción propia:
   * `valor`) through the widget's command path. Every sensor is tried; the answer says which ones
   * failed and why (offline device, access lost, no value configured).
   */
  async function sendToSensors(
    userId: number,
    command: { tipoId: number; valor: string | null; sensorIds: readonly number[] },
  ): Promise<Omit<ResultadoEjecucion, 'status'>> {
    const reachable = new Map((await deps.devices.reachableSensors(userId)).map((s) => [s.id, s]));
    const fallidos: ResultadoEjecucion['fallidos'] = [];
    let ejecutados = 0;
    for (const sensorId of command.sensorIds) {
      const sensor = reachable.get(sensorId);
      if (!sensor) {
        fallidos.push({
          idSensor: sensorId,
          labelUsuario: `#${sensorId}`,
          mensaje: mensajes.sensorNoEncontrado,
        });
        continue;
      }
      const valor =
        command.tipoId === tiposAccionColectiva.propia
          ? command.valor
          : command.tipoId === tiposAccionColectiva.prender
            ? sensor.valorEncendido
            : sensor.valorApagado;
      if (valor === null || valor === '') {
        fallidos.push({
          idSensor: sensorId,
          labelUsuario: sensor.labelUsuario,
          mensaje: mensajes.campoInvalido,
        });
        continue;
      }
      try {
        await deps.commands.enviarValor(userId, sensorId, valor);
        ejecutados++;
      } catch (error) {
        const mensaje = error instanceof AppError ? error.mensaje : mensajes.errorGenerico;
        if (!(error instanceof AppError))
          deps.log?.error({ err: error, sensorId }, 'acción colectiva: comando falló');
        fallidos.push({ idSensor: sensorId, labelUsuario: sensor.labelUsuario, mensaje });
      }
    }
    const mensaje =
      fallidos.length === 0
        ? mensajes.ejecutadoExitosamente
        : mensajes.ejecucionConFallas
            .replace('{ok}', String(ejecutados))
            .replace('{total}', String(command.sensorIds.length))
            .replace('{fallidos}', fallidos.map((f) => f.labelUsuario).join(', '));
    return { mensaje, ejecutados, fallidos };
  }

  /** Runs one of the user's collective actions (no licence check: callers decide). */
  async function runOwned(userId: number, id: number): Promise<Omit<ResultadoEjecucion, 'status'>> {
    const row = await requireOwned(userId, id);
    const sensorIds = (await repo.sensorIdsOf(db, [id])).get(id) ?? [];
    return sendToSensors(userId, { tipoId: row.tipoId, valor: row.valor, sensorIds });
  }

  return {
    async mine(userId: number): Promise<Omit<AccionesColectivasRespuesta, 'status'>> {
      const [rows, refused, developer] = await Promise.all([
        repo.listOf(db, userId),
        refusal(userId),
        isDeveloper(userId),
      ]);
      return {
        acciones: await assemble(userId, rows),
        permiteAutomatizacion: refused === null,
        motivo: refused?.mensaje ?? null,
        permiteAccionPropia: developer,
      };
    },

    /**
     * Create (no id) or edit. Apagar and Prender take sensors with a toggle widget; Acción propia
     * (developers only) takes any sensor of the caller's devices and the value to send.
     */
    async save(userId: number, input: AccionColectivaSaveData): Promise<AccionColectiva> {
      await requireFull(userId);
      const id = input.id ? Number(input.id) : null;
      if (id !== null) await requireOwned(userId, id);
      const tipoId = input.tipoAccionColectiva.id;
      const propia = tipoId === tiposAccionColectiva.propia;
      if (propia && !(await isDeveloper(userId)))
        throw fieldError('tipoAccionColectiva', mensajes.accionPropiaSoloDesarrollador, 403);
      const sensorIds = [...new Set(input.sensores.map(Number))];
      const reachable = new Map((await deps.devices.reachableSensors(userId)).map((s) => [s.id, s]));
      const usable = sensorIds.every((sid) => {
        const sensor = reachable.get(sid);
        return sensor !== undefined && (propia || switchable(sensor));
      });
      if (!usable) throw fieldError('sensores', mensajes.sensorNoControlable);
      const values = { nombre: input.nombre, tipoId, valor: propia ? (input.valor ?? null) : null };
      const saved = await db.transaction().execute(async (trx) => {
        const actionId = id ?? (await repo.insert(trx, userId, values));
        if (id !== null) await repo.update(trx, id, values);
        await repo.replaceSensors(trx, actionId, sensorIds);
        return actionId;
      });
      return one(userId, saved);
    },

    async remove(userId: number, id: number): Promise<void> {
      await requireOwned(userId, id);
      await db.transaction().execute((trx) => repo.delete(trx, id));
    },

    /**
     * Sends each sensor its command (Prender: its on value, Apagar: its off value, Acción propia:
     * the action's value) through the widget's command path. Every sensor is tried; the answer
     * says which ones failed and why (offline device, access lost, no value configured).
     */
    async run(userId: number, id: number): Promise<Omit<ResultadoEjecucion, 'status'>> {
      await requireFull(userId);
      return runOwned(userId, id);
    },

    runOwned,
    sendToSensors,
    refusal,

    /** POST /api/toogleFavorito: tipo 1 marks or unmarks an action; programs (tipo 2) come with them. */
    async toggleFavorite(
      userId: number,
      input: { id: number; tipo: number },
    ): Promise<{ favorita: boolean }> {
      if (input.tipo !== tiposFavorito.accion) throw notFound(mensajes.programaNoEncontrado);
      await requireFull(userId);
      const row = await requireOwned(userId, input.id);
      await repo.setFavorite(db, row.id, !row.favorita);
      return { favorita: !row.favorita };
    },

    /** The 'Mis Favoritos' bar: favourite actions (and programs, when they exist). */
    async favorites(userId: number): Promise<Favorito[]> {
      const rows = await repo.listOf(db, userId);
      return rows
        .filter((r) => r.favorita)
        .map((r) => ({ id: r.id, tipo: tiposFavorito.accion, nombre: r.nombre }));
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
