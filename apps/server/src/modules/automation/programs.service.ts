import {
  type Ejecucion,
  estadosPrograma,
  estadosProgramaCatalogo,
  type Favorito,
  mensajes,
  momentosAccion,
  origenesNotificacion,
  type Programa,
  type ProgramasRespuesta,
  type Sensor,
  type Tarea,
  type TareaAccionesData,
  type TareaSaveData,
  tiposFavorito,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { ActionRunner } from './actions.runner.js';
import type { ActionsService } from './actions.service.js';
import { createEventsRepository } from './events.repository.js';
import type { EventsService } from './events.service.js';
import { createProgramsRepository, type ProgramRow, type TaskRow } from './programs.repository.js';

export const taskEndJob = 'programa.tarea';

export interface ProgramsServiceDeps {
  db: Db;
  log?: Logger;
  now?: () => number;
  hub: RealtimePublisher;
  scheduler: Scheduler;
  runner: ActionRunner;
  actions: ActionsService;
  events: () => EventsService;
  reachableSensors(userId: number): Promise<Sensor[]>;
  /** Task durations are divided by this (1 in production; tests and demos may speed time up). */
  timeScale: number;
  onChanged(): void;
}

const estado = (id: number) => {
  const found = estadosProgramaCatalogo.find((e) => e.id === id);
  return { id, descripcion: found?.descripcion ?? '' };
};

/** How long a task lasts, in real milliseconds. */
export function taskDurationMs(
  task: Pick<TaskRow, 'duracionDias' | 'duracionHoras' | 'minutos'>,
  timeScale = 1,
): number {
  return (
    (((task.duracionDias * 24 + task.duracionHoras) * 60 + task.minutos) * 60_000) / Math.max(1, timeScale)
  );
}

/**
 * Programs (spec 2 §3–§5): ordered tasks run one after the other. A task's end is a one-shot row
 * of the durable scheduler; every state change is a conditional update (from the state the caller
 * saw), committed with its log lines and the next timer, so a repeated timer or a double click
 * changes nothing. Actions run after the commit. After a task the next one starts on its own when
 * the finished task says `proximaTareaAutomatica`; otherwise the run pauses ('Esperando para
 * continuar') until continuarEjecucion. States are pushed on /topic/pro{id}.
 */
export function createProgramsService(deps: ProgramsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repo = createProgramsRepository();
  const eventsRepo = createEventsRepository();

  async function requireFull(userId: number): Promise<void> {
    const refused = await deps.actions.refusal(userId);
    if (refused) throw new AppError(403, refused.mensaje, refused.codigo);
  }

  async function requireOwned(userId: number, id: number): Promise<ProgramRow> {
    const row = await repo.byId(db, id);
    if (!row || row.userId !== userId) throw notFound(mensajes.programaNoEncontrado);
    return row;
  }

  async function requireTask(
    userId: number,
    taskId: number,
    programId?: number,
  ): Promise<{ task: TaskRow; program: ProgramRow }> {
    const task = await repo.task(db, taskId);
    if (!task || (programId !== undefined && task.programId !== programId))
      throw notFound(mensajes.tareaNoEncontrada);
    const program = await repo.byId(db, task.programId);
    if (!program || program.userId !== userId) throw notFound(mensajes.tareaNoEncontrada);
    return { task, program };
  }

  function requireStopped(program: ProgramRow): void {
    if (program.estadoId !== estadosPrograma.listo)
      throw new AppError(409, mensajes.tareaEnEjecucion, 'PROGRAMA_EN_EJECUCION');
  }

  function publish(programId: number, estadoId: number, taskId: number | null): void {
    deps.hub.publish(topics.programa(programId), {
      tipo: 'programa.estado',
      idPrograma: programId,
      estado: estado(estadoId),
      idTareaActual: taskId,
    });
  }

  async function runTaskActions(
    program: ProgramRow,
    runId: number,
    task: TaskRow,
    momento: number,
  ): Promise<void> {
    const actions = (await eventsRepo.actionsOfTasks(db, [task.id])).filter((a) => a.momento === momento);
    if (actions.length === 0) return;
    const failures = await deps.runner.run(
      {
        userId: program.userId,
        origen: origenesNotificacion.programa,
        idRef: program.id,
        titulo: program.nombre,
        cuerpo: `${program.nombre}: ${task.nombre}`,
        conInformacion: false,
      },
      actions,
    );
    for (const failure of failures) await repo.log(db, runId, task.nombre, failure, now());
  }

  /** Inside a transaction: the task starts now, its end is scheduled. */
  async function startTaskIn(
    trx: Db,
    program: ProgramRow,
    runId: number,
    task: TaskRow,
    at: number,
  ): Promise<void> {
    await repo.log(trx, runId, task.nombre, mensajes.logInicioTarea, at);
    await deps.scheduler.schedule(
      trx,
      taskEndJob,
      program.id,
      at + taskDurationMs(task, deps.timeScale),
      JSON.stringify({ runId, taskId: task.id }),
    );
  }

  async function orderedTasks(programId: number): Promise<TaskRow[]> {
    return repo.tasksOf(db, [programId]);
  }

  // A task's end: finish it, then start the next one, pause before it, or end the run.
  deps.scheduler.register(taskEndJob, {
    async run(job) {
      const { runId, taskId } = JSON.parse(job.payload ?? '{}') as { runId: number; taskId: number };
      const program = await repo.byId(db, job.refId);
      if (!program || program.runId !== runId || program.currentTaskId !== taskId) return;
      const tasks = await orderedTasks(program.id);
      const index = tasks.findIndex((t) => t.id === taskId);
      const task = tasks[index];
      if (!task) return;
      const next = tasks[index + 1];
      const at = now();
      const outcome = await db.transaction().execute(async (trx) => {
        const base = { runId, taskStartedAt: null };
        let to: {
          estadoId: number;
          runId: number | null;
          currentTaskId: number | null;
          nextTaskId: number | null;
          taskStartedAt: number | null;
        };
        if (!next)
          to = {
            ...base,
            estadoId: estadosPrograma.listo,
            runId: null,
            currentTaskId: null,
            nextTaskId: null,
          };
        else if (task.proximaAutomatica)
          to = {
            ...base,
            estadoId: estadosPrograma.ejecutando,
            currentTaskId: next.id,
            nextTaskId: null,
            taskStartedAt: at,
          };
        else to = { ...base, estadoId: estadosPrograma.enPausa, currentTaskId: null, nextTaskId: next.id };
        const moved = await repo.transition(
          trx,
          program.id,
          { estadoId: estadosPrograma.ejecutando, runId, currentTaskId: taskId },
          to,
        );
        if (!moved) return null;
        await repo.log(trx, runId, task.nombre, mensajes.logFinTarea, at);
        if (!next) {
          await repo.log(trx, runId, null, mensajes.logFinEjecucion, at);
          await repo.finishRun(trx, runId, at);
        } else if (task.proximaAutomatica) {
          await startTaskIn(trx, program, runId, next, at);
        } else {
          await repo.log(trx, runId, next.nombre, mensajes.logEsperaContinuar, at);
        }
        await eventsRepo.bumpRevision(trx);
        return to;
      });
      if (!outcome) return;
      deps.onChanged();
      publish(program.id, outcome.estadoId, outcome.currentTaskId);
      await runTaskActions(program, runId, task, momentosAccion.final);
      if (next && task.proximaAutomatica) await runTaskActions(program, runId, next, momentosAccion.inicial);
    },
  });

  async function toProgram(userId: number, row: ProgramRow, detail: boolean): Promise<Programa> {
    const tasks = await orderedTasks(row.id);
    let tareas: Tarea[] = [];
    let historial: Ejecucion[] = [];
    if (detail) {
      const [actions, events, history] = await Promise.all([
        eventsRepo.actionsOfTasks(
          db,
          tasks.map((t) => t.id),
        ),
        deps.events().ofTasks(
          userId,
          tasks.map((t) => t.id),
        ),
        repo.history(db, row.id, 20),
      ]);
      historial = history;
      tareas = [];
      for (const t of tasks) {
        const mine = actions.filter((a) => a.taskId === t.id);
        tareas.push({
          id: t.id,
          nombre: t.nombre,
          orden: t.orden,
          duracionDias: t.duracionDias,
          duracionHoras: t.duracionHoras,
          minutos: t.minutos,
          proximaTareaAutomatica: t.proximaAutomatica,
          ejecutandose: row.estadoId === estadosPrograma.ejecutando && row.currentTaskId === t.id,
          esperandoContinuar: row.estadoId === estadosPrograma.enPausa && row.nextTaskId === t.id,
          eventos: events.get(t.id) ?? [],
          accionesIniciales: await deps.events().describeActions(
            userId,
            mine.filter((a) => a.momento === momentosAccion.inicial),
          ),
          accionesFinales: await deps.events().describeActions(
            userId,
            mine.filter((a) => a.momento === momentosAccion.final),
          ),
          programa: { id: row.id },
        });
      }
    }
    const current = tasks.find((t) => t.id === row.currentTaskId);
    const runStart =
      row.runId === null
        ? null
        : await db
            .selectFrom('program_runs')
            .select('fecha_inicio')
            .where('id', '=', row.runId)
            .executeTakeFirst();
    return {
      id: row.id,
      nombre: row.nombre,
      estado: estado(row.estadoId),
      tareas,
      cantidadTareas: tasks.length,
      favorita: row.favorita,
      ejecucionActual: runStart ? { fechaInicio: Number(runStart.fecha_inicio) } : null,
      idTareaActual: row.currentTaskId,
      idProximaTarea: row.nextTaskId,
      finTareaActual:
        current && row.taskStartedAt !== null
          ? row.taskStartedAt + taskDurationMs(current, deps.timeScale)
          : null,
      historial,
    };
  }

  return {
    async mine(userId: number): Promise<Omit<ProgramasRespuesta, 'status'>> {
      const [rows, refused] = await Promise.all([repo.listOf(db, userId), deps.actions.refusal(userId)]);
      const programas: Programa[] = [];
      for (const row of rows) programas.push(await toProgram(userId, row, false));
      return { programas, permiteAutomatizacion: refused === null, motivo: refused?.mensaje ?? null };
    },

    async porId(userId: number, id: number): Promise<Programa> {
      return toProgram(userId, await requireOwned(userId, id), true);
    },

    async save(userId: number, input: { id?: number | null | undefined; nombre: string }): Promise<Programa> {
      await requireFull(userId);
      let id = input.id ? Number(input.id) : null;
      if (id !== null) {
        await requireOwned(userId, id);
        await repo.rename(db, id, input.nombre);
      } else {
        id = await repo.insert(db, userId, input.nombre, now());
      }
      return toProgram(userId, await requireOwned(userId, id), false);
    },

    async remove(userId: number, id: number): Promise<void> {
      const program = await requireOwned(userId, id);
      requireStopped(program);
      await db.transaction().execute(async (trx) => {
        await deps.scheduler.cancel(trx, taskEndJob, id);
        await repo.delete(trx, id);
        await eventsRepo.bumpRevision(trx);
      });
      deps.onChanged();
    },

    async saveTask(userId: number, input: TareaSaveData): Promise<Programa> {
      await requireFull(userId);
      const program = await requireOwned(userId, Number(input.idPrograma));
      requireStopped(program);
      const values = {
        nombre: input.nombre,
        duracionDias: input.duracionDias,
        duracionHoras: input.duracionHoras,
        minutos: input.minutos,
        proximaAutomatica: input.proximaTareaAutomatica,
      };
      if (input.id) {
        await requireTask(userId, Number(input.id), program.id);
        await repo.updateTask(db, Number(input.id), values);
      } else {
        const tasks = await orderedTasks(program.id);
        const orden = tasks.reduce((max, t) => Math.max(max, t.orden), 0) + 1;
        await repo.insertTask(db, { programId: program.id, orden, ...values });
      }
      return toProgram(userId, program, true);
    },

    async removeTask(userId: number, taskId: number): Promise<Programa> {
      const { program } = await requireTask(userId, taskId);
      requireStopped(program);
      await db.transaction().execute(async (trx) => {
        await repo.deleteTask(trx, taskId);
        const rest = await repo.tasksOf(trx, [program.id]);
        for (const [i, t] of rest.entries()) if (t.orden !== i + 1) await repo.setOrder(trx, t.id, i + 1);
        await eventsRepo.bumpRevision(trx);
      });
      deps.onChanged();
      return toProgram(userId, program, true);
    },

    /** Replaces a task's initial (1) or final (2) actions. */
    async saveTaskActions(userId: number, input: TareaAccionesData): Promise<Programa> {
      await requireFull(userId);
      const { program } = await requireTask(userId, Number(input.idTarea), Number(input.idPrograma));
      requireStopped(program);
      const reachable = new Map((await deps.reachableSensors(userId)).map((s) => [s.id, s]));
      const actions = await deps.events().checkActions(userId, input.acciones, reachable, 'acciones');
      await eventsRepo.replaceActions(
        db,
        { taskId: Number(input.idTarea), momento: Number(input.tipoAccion) },
        actions,
      );
      return toProgram(userId, program, true);
    },

    async removeTaskAction(userId: number, input: { id: number; idTarea: number }): Promise<Programa> {
      const { program } = await requireTask(userId, input.idTarea);
      requireStopped(program);
      if (!(await eventsRepo.deleteTaskAction(db, input.idTarea, input.id)))
        throw notFound(mensajes.accionNoEncontrada);
      return toProgram(userId, program, true);
    },

    /** Swaps a task with the next one; not while running, not on the last task. */
    async swap(userId: number, input: { id: number; idPrograma: number }): Promise<Programa> {
      await requireFull(userId);
      const { program } = await requireTask(userId, input.id, input.idPrograma);
      requireStopped(program);
      const tasks = await orderedTasks(program.id);
      const index = tasks.findIndex((t) => t.id === input.id);
      const task = tasks[index];
      const next = tasks[index + 1];
      if (!task || !next) throw fieldError('id', mensajes.campoInvalido);
      await db.transaction().execute(async (trx) => {
        await repo.setOrder(trx, task.id, next.orden);
        await repo.setOrder(trx, next.id, task.orden);
      });
      return toProgram(userId, program, true);
    },

    /** ejecutar {id, idTareaComienza}: refused while a run is in progress (running or paused). */
    async run(userId: number, id: number, startTaskId: number): Promise<Programa> {
      await requireFull(userId);
      const program = await requireOwned(userId, id);
      const tasks = await orderedTasks(id);
      const task = tasks.find((t) => t.id === startTaskId);
      if (!task) throw fieldError('idTareaComienza', mensajes.seleccionarTareaComienzo);
      const at = now();
      const runId = await db.transaction().execute(async (trx) => {
        const newRun = await repo.insertRun(trx, id, at);
        const moved = await repo.transition(
          trx,
          id,
          { estadoId: estadosPrograma.listo },
          {
            estadoId: estadosPrograma.ejecutando,
            runId: newRun,
            currentTaskId: task.id,
            nextTaskId: null,
            taskStartedAt: at,
          },
        );
        if (!moved) throw new AppError(409, mensajes.programaYaEnEjecucion, 'PROGRAMA_EN_EJECUCION');
        await repo.log(trx, newRun, null, mensajes.logInicioEjecucion, at);
        await startTaskIn(trx, program, newRun, task, at);
        await eventsRepo.bumpRevision(trx);
        return newRun;
      });
      deps.onChanged();
      publish(id, estadosPrograma.ejecutando, task.id);
      await runTaskActions(program, runId, task, momentosAccion.inicial);
      return toProgram(userId, await requireOwned(userId, id), true);
    },

    async cancel(userId: number, id: number): Promise<Programa> {
      const program = await requireOwned(userId, id);
      if (program.estadoId === estadosPrograma.listo || program.runId === null)
        throw new AppError(409, mensajes.programaSinEjecucion, 'PROGRAMA_SIN_EJECUCION');
      const at = now();
      const runId = program.runId;
      await db.transaction().execute(async (trx) => {
        const moved = await repo.transition(
          trx,
          id,
          { estadoId: program.estadoId, runId },
          {
            estadoId: estadosPrograma.listo,
            runId: null,
            currentTaskId: null,
            nextTaskId: null,
            taskStartedAt: null,
          },
        );
        if (!moved) throw new AppError(409, mensajes.programaSinEjecucion, 'PROGRAMA_SIN_EJECUCION');
        await deps.scheduler.cancel(trx, taskEndJob, id);
        await repo.log(trx, runId, null, mensajes.logCancelada, at);
        await repo.finishRun(trx, runId, at);
        await eventsRepo.bumpRevision(trx);
      });
      deps.onChanged();
      publish(id, estadosPrograma.listo, null);
      return toProgram(userId, await requireOwned(userId, id), true);
    },

    async continueRun(userId: number, id: number): Promise<Programa> {
      await requireFull(userId);
      const program = await requireOwned(userId, id);
      const tasks = await orderedTasks(id);
      const task = tasks.find((t) => t.id === program.nextTaskId);
      if (program.estadoId !== estadosPrograma.enPausa || program.runId === null || !task)
        throw new AppError(409, mensajes.programaSinPausa, 'PROGRAMA_SIN_PAUSA');
      const at = now();
      const runId = program.runId;
      await db.transaction().execute(async (trx) => {
        const moved = await repo.transition(
          trx,
          id,
          { estadoId: estadosPrograma.enPausa, runId },
          {
            estadoId: estadosPrograma.ejecutando,
            runId,
            currentTaskId: task.id,
            nextTaskId: null,
            taskStartedAt: at,
          },
        );
        if (!moved) throw new AppError(409, mensajes.programaSinPausa, 'PROGRAMA_SIN_PAUSA');
        await repo.log(trx, runId, task.nombre, mensajes.logContinua, at);
        await startTaskIn(trx, program, runId, task, at);
        await eventsRepo.bumpRevision(trx);
      });
      deps.onChanged();
      publish(id, estadosPrograma.ejecutando, task.id);
      await runTaskActions(program, runId, task, momentosAccion.inicial);
      return toProgram(userId, await requireOwned(userId, id), true);
    },

    async toggleFavorite(userId: number, id: number): Promise<{ favorita: boolean }> {
      await requireFull(userId);
      const program = await requireOwned(userId, id);
      await repo.setFavorite(db, id, !program.favorita);
      return { favorita: !program.favorita };
    },

    async favorites(userId: number): Promise<Favorito[]> {
      const rows = await repo.listOf(db, userId);
      return rows
        .filter((r) => r.favorita)
        .map((r) => ({ id: r.id, tipo: tiposFavorito.programa, nombre: r.nombre }));
    },

    runningTaskIds: (executor: Db) => repo.runningTaskIds(executor),

    /** For task events: the task is the user's and its program is not running. */
    async requireEditableTask(userId: number, taskId: number): Promise<{ programId: number }> {
      const { program } = await requireTask(userId, taskId);
      requireStopped(program);
      return { programId: program.id };
    },

    /** Whether the user may follow /topic/pro{id}: only the owner. */
    async canFollow(userId: number, id: number): Promise<boolean> {
      const program = await repo.byId(db, id);
      return program?.userId === userId;
    },
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;
