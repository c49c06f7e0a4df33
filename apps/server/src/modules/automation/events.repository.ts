import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';

/** An action as stored: its type, cooldown and the JSON of what it does. */
export interface ActionRow {
  id: number;
  eventId: number | null;
  taskId: number | null;
  momento: number | null;
  orden: number;
  tipoAccionId: number;
  minutosEspera: number | null;
  lastFiredAt: number | null;
  datos: ActionData;
}

/** What an action does (the `datos` column). */
export interface ActionData {
  tiposNotificaciones: number[];
  tiposInformaciones: number[];
  sensores: number[];
  accionesColectivas: number[];
  tipoAccionColectiva: number | null;
  valor: string | null;
}

export interface EventRow {
  id: number;
  userId: number;
  taskId: number | null;
  nombre: string;
  tipoId: number;
  habilitado: boolean;
  sensorId: number | null;
  condicionId: number | null;
  valor: string | null;
  periodoId: number | null;
  hora: number | null;
  minuto: number | null;
  diasSemana: number[];
  diaMes: number | null;
}

export type EventValues = Omit<EventRow, 'id' | 'userId'>;

const eventColumns = [
  'id',
  'user_id',
  'task_id',
  'nombre',
  'tipo_id',
  'habilitado',
  'sensor_id',
  'condicion_id',
  'valor',
  'periodo_id',
  'hora',
  'minuto',
  'dias_semana',
  'dia_mes',
] as const;

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toEvent(r: Record<(typeof eventColumns)[number], unknown>): EventRow {
  const dias = typeof r.dias_semana === 'string' && r.dias_semana !== '' ? r.dias_semana.split(',') : [];
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    taskId: nullableNumber(r.task_id),
    nombre: String(r.nombre),
    tipoId: Number(r.tipo_id),
    habilitado: Number(r.habilitado) === 1,
    sensorId: nullableNumber(r.sensor_id),
    condicionId: nullableNumber(r.condicion_id),
    valor: r.valor === null ? null : String(r.valor),
    periodoId: nullableNumber(r.periodo_id),
    hora: nullableNumber(r.hora),
    minuto: nullableNumber(r.minuto),
    diasSemana: dias.map(Number),
    diaMes: nullableNumber(r.dia_mes),
  };
}

function eventColumnsOf(values: EventValues) {
  return {
    task_id: values.taskId,
    nombre: values.nombre,
    tipo_id: values.tipoId,
    habilitado: values.habilitado ? 1 : 0,
    sensor_id: values.sensorId,
    condicion_id: values.condicionId,
    valor: values.valor,
    periodo_id: values.periodoId,
    hora: values.hora,
    minuto: values.minuto,
    dias_semana: values.diasSemana.length > 0 ? values.diasSemana.join(',') : null,
    dia_mes: values.diaMes,
  };
}

function parseData(text: string): ActionData {
  const raw = JSON.parse(text) as Partial<ActionData>;
  return {
    tiposNotificaciones: raw.tiposNotificaciones ?? [],
    tiposInformaciones: raw.tiposInformaciones ?? [],
    sensores: raw.sensores ?? [],
    accionesColectivas: raw.accionesColectivas ?? [],
    tipoAccionColectiva: raw.tipoAccionColectiva ?? null,
    valor: raw.valor ?? null,
  };
}

function toAction(r: {
  id: unknown;
  event_id: unknown;
  task_id: unknown;
  momento: unknown;
  orden: unknown;
  tipo_accion_id: unknown;
  datos: string;
  minutos_espera: unknown;
  last_fired_at: unknown;
}): ActionRow {
  return {
    id: Number(r.id),
    eventId: nullableNumber(r.event_id),
    taskId: nullableNumber(r.task_id),
    momento: nullableNumber(r.momento),
    orden: Number(r.orden),
    tipoAccionId: Number(r.tipo_accion_id),
    minutosEspera: nullableNumber(r.minutos_espera),
    lastFiredAt: nullableNumber(r.last_fired_at),
    datos: parseData(r.datos),
  };
}

export interface NewAction {
  tipoAccionId: number;
  minutosEspera: number | null;
  datos: ActionData;
}

/** Events, the actions of events and tasks, and the automation revision (tables events, automation_actions). */
export function createEventsRepository() {
  const actionColumns = [
    'id',
    'event_id',
    'task_id',
    'momento',
    'orden',
    'tipo_accion_id',
    'datos',
    'minutos_espera',
    'last_fired_at',
  ] as const;

  return {
    async listOf(db: Db, userId: number, options: { taskIds?: number[]; standalone?: boolean } = {}) {
      let query = db.selectFrom('events').select(eventColumns).where('user_id', '=', userId);
      if (options.standalone) query = query.where('task_id', 'is', null);
      if (options.taskIds) {
        if (options.taskIds.length === 0) return [];
        query = query.where('task_id', 'in', options.taskIds);
      }
      const rows = await query.orderBy('id').execute();
      return rows.map(toEvent);
    },

    async byId(db: Db, id: number): Promise<EventRow | undefined> {
      const row = await db.selectFrom('events').select(eventColumns).where('id', '=', id).executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    /** Several events by id (a scheduler claim's), in one query per 500. */
    async byIds(db: Db, ids: readonly number[]): Promise<Map<number, EventRow>> {
      const out = new Map<number, EventRow>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('events')
          .select(eventColumns)
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const row of rows) out.set(Number(row.id), toEvent(row));
      }
      return out;
    },

    async owned(db: Db, userId: number, id: number): Promise<EventRow | undefined> {
      const row = await db
        .selectFrom('events')
        .select(eventColumns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    async insert(db: Db, userId: number, values: EventValues, createdAt: number): Promise<number> {
      const row = await db
        .insertInto('events')
        .values({ user_id: userId, created_at: createdAt, ...eventColumnsOf(values) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(db: Db, id: number, values: EventValues): Promise<void> {
      await db.updateTable('events').set(eventColumnsOf(values)).where('id', '=', id).execute();
    },

    async setEnabled(db: Db, id: number, habilitado: boolean): Promise<void> {
      await db
        .updateTable('events')
        .set({ habilitado: habilitado ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },

    async delete(db: Db, id: number): Promise<void> {
      await db.deleteFrom('automation_actions').where('event_id', '=', id).execute();
      await db.deleteFrom('events').where('id', '=', id).execute();
    },

    /** Actions of these events, in their order. */
    async actionsOfEvents(db: Db, eventIds: number[]): Promise<Map<number, ActionRow[]>> {
      const out = new Map<number, ActionRow[]>();
      if (eventIds.length === 0) return out;
      const rows = await db
        .selectFrom('automation_actions')
        .select(actionColumns)
        .where('event_id', 'in', eventIds)
        .orderBy('event_id')
        .orderBy('orden')
        .execute();
      for (const row of rows) {
        const action = toAction(row);
        const list = out.get(action.eventId ?? 0) ?? [];
        list.push(action);
        out.set(action.eventId ?? 0, list);
      }
      return out;
    },

    /** Initial and final actions of these tasks. */
    async actionsOfTasks(db: Db, taskIds: number[]): Promise<ActionRow[]> {
      if (taskIds.length === 0) return [];
      const rows = await db
        .selectFrom('automation_actions')
        .select(actionColumns)
        .where('task_id', 'in', taskIds)
        .orderBy('task_id')
        .orderBy('momento')
        .orderBy('orden')
        .execute();
      return rows.map(toAction);
    },

    /** Replaces an event's actions, or a task's actions of one moment. */
    async replaceActions(
      db: Db,
      owner: { eventId: number } | { taskId: number; momento: number },
      actions: NewAction[],
    ): Promise<void> {
      if ('eventId' in owner) {
        await db.deleteFrom('automation_actions').where('event_id', '=', owner.eventId).execute();
      } else {
        await db
          .deleteFrom('automation_actions')
          .where('task_id', '=', owner.taskId)
          .where('momento', '=', owner.momento)
          .execute();
      }
      if (actions.length === 0) return;
      await db
        .insertInto('automation_actions')
        .values(
          actions.map((a, orden) => ({
            event_id: 'eventId' in owner ? owner.eventId : null,
            task_id: 'taskId' in owner ? owner.taskId : null,
            momento: 'momento' in owner ? owner.momento : null,
            orden,
            tipo_accion_id: a.tipoAccionId,
            datos: JSON.stringify(a.datos),
            minutos_espera: a.minutosEspera,
          })),
        )
        .execute();
    },

    async deleteTaskAction(db: Db, taskId: number, actionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('automation_actions')
        .where('id', '=', actionId)
        .where('task_id', '=', taskId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Claims an action's cooldown: sets its last firing to `at` only when the previous one is at
     * least `minutos_espera` old. On several instances only one claim of a reading wins.
     */
    async claimCooldown(db: Db, actionId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('automation_actions')
        .set({ last_fired_at: at })
        .where('id', '=', actionId)
        .where((eb) =>
          eb.or([
            eb('last_fired_at', 'is', null),
            eb('minutos_espera', 'is', null),
            eb(sql<number>`last_fired_at + minutos_espera * 60000`, '<=', at),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Enabled automatic events with their actions, for the ingest index. */
    async automaticForIndex(db: Db): Promise<{ events: EventRow[]; actions: Map<number, ActionRow[]> }> {
      const rows = await db
        .selectFrom('events')
        .select(eventColumns)
        .where('tipo_id', '=', 1)
        .where('habilitado', '=', 1)
        .where('sensor_id', 'is not', null)
        .execute();
      const events = rows.map(toEvent);
      const actions = new Map<number, ActionRow[]>();
      for (let i = 0; i < events.length; i += 500) {
        const part = await this.actionsOfEvents(
          db,
          events.slice(i, i + 500).map((e) => e.id),
        );
        for (const [k, v] of part) actions.set(k, v);
      }
      return { events, actions };
    },

    async revision(db: Db): Promise<number> {
      const row = await db
        .selectFrom('automation_revisions')
        .select('revision')
        .where('id', '=', 1)
        .executeTakeFirst();
      return Number(row?.revision ?? 0);
    },

    /** Marks a change to events or programs; every instance reloads its index when it sees it. */
    async bumpRevision(db: Db): Promise<void> {
      await db
        .updateTable('automation_revisions')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
