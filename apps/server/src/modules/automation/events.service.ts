import {
  type AccionEvento,
  type AccionEventoData,
  canalesNotificacion,
  condicionesCatalogo,
  diasSemanaCatalogo,
  type Evento,
  type EventoSaveData,
  type EventosRespuesta,
  type ListadoGeneralEvento,
  mensajes,
  origenesNotificacion,
  periodosCatalogo,
  rolesUsuario,
  type Sensor,
  type SensorNombrado,
  tiposAccionColectiva,
  tiposAccionColectivaCatalogo,
  tiposAccionEvento,
  tiposAccionEventoCatalogo,
  tiposEvento,
  tiposEventoCatalogo,
  tiposInformacionCatalogo,
  tiposNotificacionCatalogo,
  tiposWidget,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import type { ActionRunner } from './actions.runner.js';
import type { ActionsService } from './actions.service.js';
import {
  type ActionRow,
  createEventsRepository,
  type EventRow,
  type NewAction,
} from './events.repository.js';
import { nextRunAfter } from './events.schedule.js';
import { ttlCache } from './ttl-cache.js';

export const scheduledEventJob = 'evento.programado';

export interface EventsServiceDeps {
  db: Db;
  log?: Logger;
  now?: () => number;
  scheduler: Scheduler;
  runner: ActionRunner;
  actions: ActionsService;
  devices: {
    reachableSensors(userId: number): Promise<Sensor[]>;
    namesOf(deviceIds: number[]): Promise<Map<number, string>>;
  };
  users: {
    timeZoneOf(userId: number, executor?: Db): Promise<string>;
    hasPlatformRole(userId: number, rol: string): Promise<boolean>;
    telegramLinked(userId: number): Promise<boolean>;
  };
  /** The engine reloads its index after a change (this instance at once, the others by revision). */
  onChanged(): void;
  /** The programs side: which tasks run now, and whether a task (of the user) may be changed. */
  tasks: {
    runningTaskIds(db: Db): Promise<Set<number>>;
    requireEditableTask(userId: number, taskId: number): Promise<{ programId: number }>;
  };
}

const describe = <T extends { id: number; descripcion: string }>(catalogue: readonly T[]) => {
  const byId = new Map<number, { id: number; descripcion: string }>(
    catalogue.map((c) => [c.id, { id: c.id, descripcion: c.descripcion }]),
  );
  return (id: number | null) => (id === null ? null : (byId.get(id) ?? { id, descripcion: '' }));
};
const tipoEvento = describe(tiposEventoCatalogo);
const condicion = describe(condicionesCatalogo);
const periodo = describe(periodosCatalogo);
const tipoAccion = describe(tiposAccionEventoCatalogo);
const tipoAccionColectiva = describe(tiposAccionColectivaCatalogo);
const tipoNotificacion = describe(tiposNotificacionCatalogo);
const tipoInformacion = describe(tiposInformacionCatalogo);

const switchable = (sensor: Sensor) => sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.toggle);

/**
 * Events (spec 2 §3–§5): saving checks every wizard rule again, and that each sensor and
 * collective action is the caller's; a scheduled event keeps one row in the durable scheduler
 * with its next time (croner, in the user's zone). Creating and editing need a full subscription;
 * listing, disabling and deleting stay open so a user can always stop an automation.
 */
export function createEventsService(deps: EventsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repo = createEventsRepository();

  async function requireFull(userId: number): Promise<void> {
    const refused = await deps.actions.refusal(userId);
    if (refused) throw new AppError(403, refused.mensaje, refused.codigo);
  }

  async function requireOwned(userId: number, id: number): Promise<EventRow> {
    const row = await repo.owned(db, userId, id);
    if (!row) throw notFound(mensajes.eventoNoEncontrado);
    return row;
  }

  /** Checks the actions' references against what the caller owns; returns them as stored. */
  async function checkActions(
    userId: number,
    acciones: readonly AccionEventoData[],
    reachable: Map<number, Sensor>,
    base: string,
  ): Promise<NewAction[]> {
    const ownActions = new Set((await deps.actions.mine(userId)).acciones.map((a) => a.id));
    let developer: boolean | undefined;
    let telegram: boolean | undefined;
    const out: NewAction[] = [];
    for (const [i, accion] of acciones.entries()) {
      const at = (campo: string) => `${base}.${i}.${campo}`;
      const tipo = accion.tipoAccion.id;
      if (
        tipo === tiposAccionEvento.notificacion &&
        accion.tiposNotificaciones.includes(canalesNotificacion.telegram)
      ) {
        telegram ??= await deps.users.telegramLinked(userId);
        if (!telegram) throw fieldError(at('tiposNotificaciones'), mensajes.telegramSinVincular);
      }
      if (
        tipo === tiposAccionEvento.accionColectiva &&
        accion.accionesColectivas.some((id) => !ownActions.has(Number(id)))
      )
        throw fieldError(at('accionesColectivas'), mensajes.accionColectivaAjena);
      if (tipo === tiposAccionEvento.accionPropia) {
        const tipoColectiva = accion.tipoAccionColectiva?.id ?? 0;
        if (tipoColectiva === tiposAccionColectiva.propia) {
          developer ??= await deps.users.hasPlatformRole(userId, rolesUsuario.desarrollador);
          if (!developer)
            throw fieldError(at('tipoAccionColectiva'), mensajes.accionPropiaSoloDesarrollador, 403);
        }
        const usable = accion.sensores.every((id) => {
          const sensor = reachable.get(Number(id));
          return (
            sensor !== undefined && (tipoColectiva === tiposAccionColectiva.propia || switchable(sensor))
          );
        });
        if (!usable) throw fieldError(at('sensores'), mensajes.sensorNoControlable);
      }
      if (tipo === tiposAccionEvento.notificacion && accion.sensores.some((id) => !reachable.has(Number(id))))
        throw fieldError(at('sensores'), mensajes.sensorAjeno);
      const keep = <T>(types: number[], value: T, empty: T) => (types.includes(tipo) ? value : empty);
      out.push({
        tipoAccionId: tipo,
        minutosEspera: accion.minutosEspera,
        datos: {
          tiposNotificaciones: keep([1], [...new Set(accion.tiposNotificaciones)], []),
          tiposInformaciones: keep([1], [...new Set(accion.tiposInformaciones)], []),
          sensores: keep([1, 3], [...new Set(accion.sensores.map(Number))], []),
          accionesColectivas: keep([2], [...new Set(accion.accionesColectivas.map(Number))], []),
          tipoAccionColectiva: keep([3], accion.tipoAccionColectiva?.id ?? null, null),
          valor: keep(
            [3],
            accion.tipoAccionColectiva?.id === tiposAccionColectiva.propia ? (accion.valor ?? null) : null,
            null,
          ),
        },
      });
    }
    return out;
  }

  function named(sensor: Sensor, names: Map<number, string>): SensorNombrado {
    return {
      id: sensor.id,
      idEquipo: sensor.idEquipo,
      labelUsuario: sensor.labelUsuario,
      nombreEquipo: names.get(sensor.idEquipo) ?? '',
      tipoSensor: { id: sensor.tipoSensor.id },
    };
  }

  /** Stored actions as the screens show them; sensors and actions no longer in reach drop out. */
  async function describeActions(userId: number, actions: ActionRow[]): Promise<AccionEvento[]> {
    if (actions.length === 0) return [];
    const [reachable, collective] = await Promise.all([
      deps.devices.reachableSensors(userId),
      deps.actions.mine(userId),
    ]);
    const names = await deps.devices.namesOf([...new Set(reachable.map((s) => s.idEquipo))]);
    const sensors = new Map(reachable.map((s) => [s.id, named(s, names)]));
    const collectiveNames = new Map(collective.acciones.map((a) => [a.id, a.nombre]));
    return actions.map((a) => ({
      id: a.id,
      tipoAccion: tipoAccion(a.tipoAccionId) ?? { id: a.tipoAccionId, descripcion: '' },
      tiposNotificaciones: a.datos.tiposNotificaciones.flatMap((id) => tipoNotificacion(id) ?? []),
      tiposInformaciones: a.datos.tiposInformaciones.flatMap((id) => tipoInformacion(id) ?? []),
      sensores: a.datos.sensores.flatMap((id) => sensors.get(id) ?? []),
      accionesColectivas: a.datos.accionesColectivas.flatMap((id) => {
        const nombre = collectiveNames.get(id);
        return nombre === undefined ? [] : [{ id, nombre }];
      }),
      tipoAccionColectiva: tipoAccionColectiva(a.datos.tipoAccionColectiva),
      valor: a.datos.valor,
      minutosEspera: a.minutosEspera,
    }));
  }

  async function assemble(userId: number, rows: EventRow[]): Promise<Evento[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [actions, reachable, due] = await Promise.all([
      repo.actionsOfEvents(db, ids),
      deps.devices.reachableSensors(userId),
      db
        .selectFrom('scheduled_jobs')
        .select(['ref_id', 'due_at'])
        .where('kind', '=', scheduledEventJob)
        .where('ref_id', 'in', ids)
        .execute(),
    ]);
    const names = await deps.devices.namesOf([...new Set(reachable.map((s) => s.idEquipo))]);
    const sensors = new Map(reachable.map((s) => [s.id, named(s, names)]));
    const dueAt = new Map(due.map((d) => [Number(d.ref_id), Number(d.due_at)]));
    const out: Evento[] = [];
    for (const row of rows) {
      out.push({
        id: row.id,
        nombre: row.nombre,
        tipoEvento: tipoEvento(row.tipoId) ?? { id: row.tipoId, descripcion: '' },
        habilitado: row.habilitado,
        sensor: row.sensorId === null ? null : (sensors.get(row.sensorId) ?? null),
        condicion: condicion(row.condicionId),
        valor: row.valor,
        periodo: periodo(row.periodoId),
        hora: row.hora,
        minuto: row.minuto,
        diaSemana: row.diasSemana,
        diaMes: row.diaMes,
        acciones: await describeActions(userId, actions.get(row.id) ?? []),
        idTarea: row.taskId,
        soyDePrograma: row.taskId !== null,
        proximaEjecucion: dueAt.get(row.id) ?? null,
      });
    }
    return out;
  }

  /** Keeps the scheduler row of a scheduled event in step with it (none when disabled). */
  async function syncSchedule(executor: Db, row: EventRow): Promise<void> {
    if (
      row.tipoId !== tiposEvento.programado ||
      !row.habilitado ||
      row.periodoId === null ||
      row.hora === null
    ) {
      await deps.scheduler.cancel(executor, scheduledEventJob, row.id);
      return;
    }
    const next = nextRunAfter(
      {
        periodoId: row.periodoId,
        hora: row.hora,
        minuto: row.minuto ?? 0,
        diasSemana: row.diasSemana,
        diaMes: row.diaMes,
        zonaHoraria: await deps.users.timeZoneOf(row.userId, executor),
      },
      now(),
    );
    if (next === null) await deps.scheduler.cancel(executor, scheduledEventJob, row.id);
    else await deps.scheduler.schedule(executor, scheduledEventJob, row.id, next);
  }

  // Many timers come due together (every user's 08:00): the same users' answers are reused briefly.
  const zones = ttlCache(10_000, (userId: number) => deps.users.timeZoneOf(userId), now);
  const refusals = ttlCache(10_000, (userId: number) => deps.actions.refusal(userId), now);
  /** The rows and actions prepare() read for a claim, handed to recurring() and run(), by job id. */
  const claimed = new Map<number, EventRow | null>();
  const claimedActions = new Map<number, ActionRow[]>();

  // A scheduled event's occurrence: the next time is stored before the actions run (at most once).
  deps.scheduler.register(scheduledEventJob, {
    async prepare(jobs) {
      if (claimed.size > 10_000) claimed.clear();
      if (claimedActions.size > 10_000) claimedActions.clear();
      const refIds = jobs.map((job) => job.refId);
      const [rows, actions] = await Promise.all([repo.byIds(db, refIds), repo.actionsOfEvents(db, refIds)]);
      for (const job of jobs) {
        claimed.set(job.id, rows.get(job.refId) ?? null);
        claimedActions.set(job.id, actions.get(job.refId) ?? []);
      }
    },
    async recurring(job, at) {
      const prepared = claimed.get(job.id);
      const row = prepared === undefined ? await repo.byId(db, job.refId) : prepared;
      if (!row || row.tipoId !== tiposEvento.programado || !row.habilitado || row.periodoId === null)
        return null;
      claimed.set(job.id, row);
      return nextRunAfter(
        {
          periodoId: row.periodoId,
          hora: row.hora ?? 0,
          minuto: row.minuto ?? 0,
          diasSemana: row.diasSemana,
          diaMes: row.diaMes,
          zonaHoraria: await zones.get(row.userId),
        },
        Math.max(at, job.dueAt),
      );
    },
    async run(job) {
      const row = claimed.get(job.id) ?? (await repo.byId(db, job.refId));
      const prepared = claimedActions.get(job.id);
      claimed.delete(job.id);
      claimedActions.delete(job.id);
      if (!row?.habilitado) return;
      if (row.taskId !== null && !(await deps.tasks.runningTaskIds(db)).has(row.taskId)) return;
      if (await refusals.get(row.userId)) return;
      const actions = prepared ?? (await repo.actionsOfEvents(db, [row.id])).get(row.id) ?? [];
      const failures = await deps.runner.run(
        {
          userId: row.userId,
          origen: origenesNotificacion.eventos,
          idRef: row.id,
          titulo: row.nombre,
          cuerpo: mensajes.eventoProgramado.replace('{nombre}', row.nombre),
          conInformacion: true,
        },
        actions,
      );
      if (failures.length > 0) await deps.runner.reportFailures(row.userId, row.nombre, row.id, failures);
    },
  });

  async function refusalState(userId: number) {
    const [refused, developer] = await Promise.all([
      deps.actions.refusal(userId),
      deps.users.hasPlatformRole(userId, rolesUsuario.desarrollador),
    ]);
    return {
      permiteAutomatizacion: refused === null,
      motivo: refused?.mensaje ?? null,
      permiteAccionPropia: developer,
    };
  }

  return {
    repository: repo,

    async mine(userId: number): Promise<Omit<EventosRespuesta, 'status'>> {
      const [rows, state] = await Promise.all([
        repo.listOf(db, userId, { standalone: true }),
        refusalState(userId),
      ]);
      return { eventos: await assemble(userId, rows), ...state };
    },

    /** A task's events, for the program detail. */
    async ofTasks(userId: number, taskIds: number[]): Promise<Map<number, Evento[]>> {
      const rows = await repo.listOf(db, userId, { taskIds });
      const events = await assemble(userId, rows);
      const out = new Map<number, Evento[]>();
      for (const e of events) {
        const list = out.get(e.idTarea ?? 0) ?? [];
        list.push(e);
        out.set(e.idTarea ?? 0, list);
      }
      return out;
    },

    describeActions,
    checkActions,

    async listadoGeneral(userId: number): Promise<Omit<ListadoGeneralEvento, 'status'>> {
      const [reachable, collective, telegram, zona] = await Promise.all([
        deps.devices.reachableSensors(userId),
        deps.actions.mine(userId),
        deps.users.telegramLinked(userId),
        deps.users.timeZoneOf(userId),
      ]);
      const names = await deps.devices.namesOf([...new Set(reachable.map((s) => s.idEquipo))]);
      const plain = <T extends { id: number; descripcion: string }>(c: readonly T[]) =>
        c.map((x) => ({ id: x.id, descripcion: x.descripcion }));
      return {
        tiposEvento: plain(tiposEventoCatalogo),
        condiciones: plain(condicionesCatalogo),
        periodos: plain(periodosCatalogo),
        diasSemana: plain(diasSemanaCatalogo),
        tiposNotificaciones: plain(tiposNotificacionCatalogo),
        tiposInformaciones: plain(tiposInformacionCatalogo),
        tiposAccion: plain(tiposAccionEventoCatalogo),
        tiposAccionColectiva: plain(tiposAccionColectivaCatalogo),
        accionesColectivas: collective.acciones.map((a) => ({ id: a.id, nombre: a.nombre })),
        sensores: reachable.map((s) => ({ ...named(s, names), interruptor: switchable(s) })),
        telegramVinculado: telegram,
        zonaHoraria: zona,
      };
    },

    /** Create (no id) or edit; `idTarea` makes it an event of that program task. */
    async save(userId: number, input: EventoSaveData): Promise<Evento> {
      await requireFull(userId);
      const id = input.id ? Number(input.id) : null;
      const existing = id !== null ? await requireOwned(userId, id) : null;
      const taskId = input.idTarea ? Number(input.idTarea) : (existing?.taskId ?? null);
      if (taskId !== null) await deps.tasks.requireEditableTask(userId, taskId);
      const reachable = new Map((await deps.devices.reachableSensors(userId)).map((s) => [s.id, s]));
      const automatic = input.tipoEvento.id === tiposEvento.automatico;
      if (automatic && !reachable.has(Number(input.sensor?.id)))
        throw fieldError('sensor', mensajes.sensorAjeno);
      const actions = await checkActions(userId, input.acciones, reachable, 'acciones');
      const values = {
        taskId,
        nombre: input.nombre,
        tipoId: input.tipoEvento.id,
        habilitado: input.habilitado ?? existing?.habilitado ?? true,
        sensorId: automatic ? Number(input.sensor?.id) : null,
        condicionId: automatic ? (input.condicion?.id ?? null) : null,
        valor: automatic ? (input.valor ?? null) : null,
        periodoId: automatic ? null : (input.periodo?.id ?? null),
        hora: automatic ? null : (input.hora ?? null),
        minuto: automatic ? null : (input.minuto ?? 0),
        diasSemana: automatic || input.periodo?.id !== 2 ? [] : [...new Set(input.diaSemana)].sort(),
        diaMes: automatic || input.periodo?.id !== 3 ? null : (input.diaMes ?? null),
      };
      const savedId = await db.transaction().execute(async (trx) => {
        const eventId = id ?? (await repo.insert(trx, userId, values, now()));
        if (id !== null) await repo.update(trx, id, values);
        await repo.replaceActions(trx, { eventId }, actions);
        await syncSchedule(trx, { id: eventId, userId, ...values });
        await repo.bumpRevision(trx);
        return eventId;
      });
      deps.onChanged();
      const [evento] = await assemble(userId, [await requireOwned(userId, savedId)]);
      if (!evento) throw notFound(mensajes.eventoNoEncontrado);
      return evento;
    },

    async remove(userId: number, id: number): Promise<void> {
      const row = await requireOwned(userId, id);
      if (row.taskId !== null) await deps.tasks.requireEditableTask(userId, row.taskId);
      await db.transaction().execute(async (trx) => {
        await repo.delete(trx, id);
        await deps.scheduler.cancel(trx, scheduledEventJob, id);
        await repo.bumpRevision(trx);
      });
      deps.onChanged();
    },

    /** The card's switch. Enabling needs a full subscription; disabling is always allowed. */
    async toggle(userId: number, id: number, habilitado: boolean): Promise<Evento> {
      if (habilitado) await requireFull(userId);
      const row = await requireOwned(userId, id);
      await db.transaction().execute(async (trx) => {
        await repo.setEnabled(trx, id, habilitado);
        await syncSchedule(trx, { ...row, habilitado });
        await repo.bumpRevision(trx);
      });
      deps.onChanged();
      const [evento] = await assemble(userId, [await requireOwned(userId, id)]);
      if (!evento) throw notFound(mensajes.eventoNoEncontrado);
      return evento;
    },

    /** Recomputes a user's scheduled events after their time zone changed. */
    async rescheduleUser(userId: number): Promise<void> {
      const rows = await repo.listOf(db, userId);
      for (const row of rows) await syncSchedule(db, row);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
