import {
  type CanalNotificacion,
  mensajes,
  type OrigenNotificacion,
  origenesNotificacion,
  type Sensor,
  tiposAccionEvento,
  tiposInformacion,
  tiposInformacionCatalogo,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { ActionsService } from './actions.service.js';
import type { ActionRow } from './events.repository.js';
import { ttlCache } from './ttl-cache.js';

/** What the runner needs: the notifier, sensors in reach and the last 24 hours of a sensor. */
export interface ActionRunnerDeps {
  log?: Logger;
  notifier: {
    notify(
      userId: number,
      input: {
        titulo: string;
        cuerpo?: string;
        origen: OrigenNotificacion;
        idRef?: number | null;
        canales?: readonly CanalNotificacion[];
      },
    ): Promise<unknown>;
  };
  actions: Pick<ActionsService, 'runOwned' | 'sendToSensors'>;
  reachableSensors(userId: number): Promise<Sensor[]>;
  /** min/max/avg over the last 24 hours, or null without readings. */
  daySummary(sensorId: number): Promise<{ min: number; max: number; avg: number } | null>;
}

/** Who runs a list of actions and what the notification says. */
export interface RunContext {
  userId: number;
  origen: OrigenNotificacion;
  idRef: number | null;
  titulo: string;
  cuerpo: string;
  /** Scheduled events: add the chosen sensors' information to the notification. */
  conInformacion: boolean;
}

const round = (v: number) => String(Math.round(v * 100) / 100);
const infoName = new Map<number, string>(tiposInformacionCatalogo.map((t) => [t.id, t.descripcion]));

/**
 * Runs an event's or a task's actions in order: notifications through the chosen channels,
 * collective actions, and own actions (a collective-action type with its sensors). Every
 * action is tried; the answer lists what failed, for the caller to record (a program's log, a
 * notification for an event): a command that did not go out is never silently dropped.
 */
export function createActionRunner(deps: ActionRunnerDeps) {
  // Scheduled events of one user often come due together: their sensors are read once per burst.
  const reachable = ttlCache(
    5_000,
    async (userId: number) => new Map((await deps.reachableSensors(userId)).map((s) => [s.id, s])),
  );

  async function information(userId: number, action: ActionRow): Promise<string[]> {
    if (action.datos.sensores.length === 0 || action.datos.tiposInformaciones.length === 0) return [];
    const sensors = await reachable.get(userId);
    const lines: string[] = [];
    for (const sensorId of action.datos.sensores) {
      const sensor = sensors.get(sensorId);
      if (!sensor) continue;
      const needsSummary = action.datos.tiposInformaciones.some((t) => t !== tiposInformacion.valorActual);
      const summary = needsSummary ? await deps.daySummary(sensorId) : null;
      const parts = action.datos.tiposInformaciones.map((tipo) => {
        const name = infoName.get(tipo) ?? '';
        if (tipo === tiposInformacion.valorActual)
          return `${name}: ${sensor.ultimoValor === null ? mensajes.sinLecturas : sensor.ultimoValor}`;
        if (!summary) return `${name}: ${mensajes.sinLecturas}`;
        const value =
          tipo === tiposInformacion.minimo
            ? summary.min
            : tipo === tiposInformacion.maximo
              ? summary.max
              : summary.avg;
        return `${name}: ${round(value)}`;
      });
      lines.push(
        mensajes.eventoInformacion
          .replace('{sensor}', sensor.labelUsuario)
          .replace('{detalle}', parts.join(', ')),
      );
    }
    return lines;
  }

  async function runOne(context: RunContext, action: ActionRow): Promise<string[]> {
    switch (action.tipoAccionId) {
      case tiposAccionEvento.notificacion: {
        const info = context.conInformacion ? await information(context.userId, action) : [];
        await deps.notifier.notify(context.userId, {
          titulo: context.titulo,
          cuerpo: [context.cuerpo, ...info].join('\n'),
          origen: context.origen,
          idRef: context.idRef,
          canales: action.datos.tiposNotificaciones as CanalNotificacion[],
        });
        return [];
      }
      case tiposAccionEvento.accionColectiva: {
        const failures: string[] = [];
        for (const id of action.datos.accionesColectivas) {
          try {
            const result = await deps.actions.runOwned(context.userId, id);
            if (result.fallidos.length > 0) failures.push(result.mensaje);
          } catch (error) {
            failures.push(
              error instanceof Error && 'mensaje' in error ? String(error.mensaje) : mensajes.errorGenerico,
            );
          }
        }
        return failures;
      }
      case tiposAccionEvento.accionPropia: {
        const result = await deps.actions.sendToSensors(context.userId, {
          tipoId: action.datos.tipoAccionColectiva ?? 0,
          valor: action.datos.valor,
          sensorIds: action.datos.sensores,
        });
        return result.fallidos.length > 0 ? [result.mensaje] : [];
      }
      default:
        return [];
    }
  }

  return {
    /** Tells the user, in the app, that an automation could not send some commands. */
    async reportFailures(userId: number, nombre: string, idRef: number, failures: readonly string[]) {
      await deps.notifier.notify(userId, {
        titulo: nombre,
        cuerpo: mensajes.comandoFallido.replace('{origen}', nombre).replace('{sensores}', failures.join(' ')),
        origen: origenesNotificacion.eventos,
        idRef,
      });
    },

    /** Runs the actions; returns one text per failure (empty when everything went out). */
    async run(context: RunContext, actions: readonly ActionRow[]): Promise<string[]> {
      const failures: string[] = [];
      for (const action of actions) {
        try {
          failures.push(...(await runOne(context, action)));
        } catch (error) {
          deps.log?.error({ err: error, actionId: action.id }, 'una acción automática falló');
          failures.push(mensajes.errorGenerico);
        }
      }
      return failures;
    },
  };
}

export type ActionRunner = ReturnType<typeof createActionRunner>;
