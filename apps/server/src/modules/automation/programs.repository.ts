import type { Db } from '../../platform/db/client.js';

export interface ProgramRow {
  id: number;
  userId: number;
  nombre: string;
  favorita: boolean;
  estadoId: number;
  runId: number | null;
  currentTaskId: number | null;
  nextTaskId: number | null;
  taskStartedAt: number | null;
}

export interface TaskRow {
  id: number;
  programId: number;
  nombre: string;
  orden: number;
  duracionDias: number;
  duracionHoras: number;
  minutos: number;
  proximaAutomatica: boolean;
}

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const programColumns = [
  'id',
  'user_id',
  'nombre',
  'favorita',
  'estado_id',
  'run_id',
  'current_task_id',
  'next_task_id',
  'task_started_at',
] as const;
const taskColumns = [
  'id',
  'program_id',
  'nombre',
  'orden',
  'duracion_dias',
  'duracion_horas',
  'minutos',
  'proxima_automatica',
] as const;

function toProgram(r: Record<(typeof programColumns)[number], unknown>): ProgramRow {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    nombre: String(r.nombre),
    favorita: Number(r.favorita) === 1,
    estadoId: Number(r.estado_id),
    runId: n(r.run_id),
    currentTaskId: n(r.current_task_id),
    nextTaskId: n(r.next_task_id),
    taskStartedAt: n(r.task_started_at),
  };
}

function toTask(r: Record<(typeof taskColumns)[number], unknown>): TaskRow {
  return {
    id: Number(r.id),
    programId: Number(r.program_id),
    nombre: String(r.nombre),
    orden: Number(r.orden),
    duracionDias: Number(r.duracion_dias),
    duracionHoras: Number(r.duracion_horas),
    minutos: Number(r.minutos),
    proximaAutomatica: Number(r.proxima_automatica) === 1,
  };
}

/** Programs, tasks, runs and run logs (tables programs, program_tasks, program_runs, program_run_logs). */
export function createProgramsRepository() {
  return {
    async listOf(db: Db, userId: number): Promise<ProgramRow[]> {
      const rows = await db
        .selectFrom('programs')
        .select(programColumns)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toProgram);
    },

    async byId(db: Db, id: number): Promise<ProgramRow | undefined> {
      const row = await db
        .selectFrom('programs')
        .select(programColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toProgram(row) : undefined;
    },

    async insert(db: Db, userId: number, nombre: string, at: number): Promise<number> {
      const row = await db
        .insertInto('programs')
        .values({ user_id: userId, nombre, favorita: 0, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async rename(db: Db, id: number, nombre: string) {
      await db.updateTable('programs').set({ nombre }).where('id', '=', id).execute();
    },

    async delete(db: Db, id: number) {
      await db.deleteFrom('programs').where('id', '=', id).execute();
    },

    async setFavorite(db: Db, id: number, favorita: boolean) {
      await db
        .updateTable('programs')
        .set({ favorita: favorita ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Moves a program from one state to another only if it is still as the caller saw it
     * (state, and the run and task when given); false when another call got there first.
     */
    async transition(
      db: Db,
      id: number,
      from: { estadoId: number; runId?: number | null; currentTaskId?: number | null },
      to: {
        estadoId: number;
        runId: number | null;
        currentTaskId: number | null;
        nextTaskId: number | null;
        taskStartedAt: number | null;
      },
    ): Promise<boolean> {
      let query = db
        .updateTable('programs')
        .set({
          estado_id: to.estadoId,
          run_id: to.runId,
          current_task_id: to.currentTaskId,
          next_task_id: to.nextTaskId,
          task_started_at: to.taskStartedAt,
        })
        .where('id', '=', id)
        .where('estado_id', '=', from.estadoId);
      if (from.runId !== undefined)
        query =
          from.runId === null ? query.where('run_id', 'is', null) : query.where('run_id', '=', from.runId);
      if (from.currentTaskId !== undefined)
        query =
          from.currentTaskId === null
            ? query.where('current_task_id', 'is', null)
            : query.where('current_task_id', '=', from.currentTaskId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async runningTaskIds(db: Db): Promise<Set<number>> {
      const rows = await db
        .selectFrom('programs')
        .select('current_task_id')
        .where('estado_id', '=', 2)
        .where('current_task_id', 'is not', null)
        .execute();
      return new Set(rows.map((r) => Number(r.current_task_id)));
    },

    async tasksOf(db: Db, programIds: number[]): Promise<TaskRow[]> {
      if (programIds.length === 0) return [];
      const rows = await db
        .selectFrom('program_tasks')
        .select(taskColumns)
        .where('program_id', 'in', programIds)
        .orderBy('program_id')
        .orderBy('orden')
        .execute();
      return rows.map(toTask);
    },

    async task(db: Db, id: number): Promise<TaskRow | undefined> {
      const row = await db
        .selectFrom('program_tasks')
        .select(taskColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toTask(row) : undefined;
    },

    async insertTask(db: Db, task: Omit<TaskRow, 'id'>): Promise<number> {
      const row = await db
        .insertInto('program_tasks')
        .values({
          program_id: task.programId,
          nombre: task.nombre,
          orden: task.orden,
          duracion_dias: task.duracionDias,
          duracion_horas: task.duracionHoras,
          minutos: task.minutos,
          proxima_automatica: task.proximaAutomatica ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async updateTask(db: Db, id: number, task: Omit<TaskRow, 'id' | 'programId' | 'orden'>) {
      await db
        .updateTable('program_tasks')
        .set({
          nombre: task.nombre,
          duracion_dias: task.duracionDias,
          duracion_horas: task.duracionHoras,
          minutos: task.minutos,
          proxima_automatica: task.proximaAutomatica ? 1 : 0,
        })
        .where('id', '=', id)
        .execute();
    },

    async setOrder(db: Db, id: number, orden: number) {
      await db.updateTable('program_tasks').set({ orden }).where('id', '=', id).execute();
    },

    async deleteTask(db: Db, id: number) {
      await db.deleteFrom('automation_actions').where('task_id', '=', id).execute();
      await db.deleteFrom('program_tasks').where('id', '=', id).execute();
    },

    async insertRun(db: Db, programId: number, at: number): Promise<number> {
      const row = await db
        .insertInto('program_runs')
        .values({ program_id: programId, fecha_inicio: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async finishRun(db: Db, runId: number, at: number) {
      await db.updateTable('program_runs').set({ fecha_fin: at }).where('id', '=', runId).execute();
    },

    async log(db: Db, runId: number, tareaNombre: string | null, descripcion: string, at: number) {
      await db
        .insertInto('program_run_logs')
        .values({ run_id: runId, tarea_nombre: tareaNombre, descripcion, fecha: at })
        .execute();
    },

    /** The latest runs of a program, newest first, with their logs in order. */
    async history(db: Db, programId: number, limit: number) {
      const runs = await db
        .selectFrom('program_runs')
        .select(['id', 'fecha_inicio', 'fecha_fin'])
        .where('program_id', '=', programId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      if (runs.length === 0) return [];
      const logs = await db
        .selectFrom('program_run_logs')
        .select(['id', 'run_id', 'tarea_nombre', 'descripcion', 'fecha'])
        .where(
          'run_id',
          'in',
          runs.map((r) => r.id),
        )
        .orderBy('id')
        .execute();
      return runs.map((r) => ({
        id: Number(r.id),
        fechaInicio: Number(r.fecha_inicio),
        fechaFinalizacion: n(r.fecha_fin),
        logs: logs
          .filter((l) => Number(l.run_id) === Number(r.id))
          .map((l) => ({
            id: Number(l.id),
            tarea: l.tarea_nombre === null ? null : { nombre: l.tarea_nombre },
            descripcion: l.descripcion,
            fecha: Number(l.fecha),
          })),
      }));
    },
  };
}

export type ProgramsRepository = ReturnType<typeof createProgramsRepository>;
