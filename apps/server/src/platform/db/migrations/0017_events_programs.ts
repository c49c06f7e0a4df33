import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Automation, second part: events, programs with their tasks and runs, and the durable scheduler.
 *
 * - `events`: automatic (sensor + condition + value) or scheduled (period, hour, minute, weekdays,
 *   day of month). `task_id` set means the event belongs to a program task and only acts while
 *   that task runs. `sensor_id` has no foreign key (sensors belong to the devices module).
 * - `automation_actions`: what an event (or a task, at its start or end) does. `datos` is the
 *   action as JSON (channels, info types, sensors, collective actions, own-action type and value);
 *   `last_fired_at` is the cooldown (`minutos_espera`) claimed with a conditional update.
 * - `programs` hold their state (1 listo, 2 ejecutando, 3 en pausa) and the task in progress;
 *   `program_runs` and `program_run_logs` are the execution history.
 * - `scheduled_jobs`: every timer (a scheduled event's next time, a task's end) is a row, claimed
 *   by one instance with a lease; (kind, ref_id) is unique so rescheduling replaces the row.
 * - `automation_revisions`: one row whose number goes up with every change to events or programs;
 *   each instance polls it to reload its in-memory index of automatic events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  const create = (name: string) =>
    engine === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await create('programs')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('favorita', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('estado_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('run_id', t.bigint)
    .addColumn('current_task_id', t.bigint)
    .addColumn('next_task_id', t.bigint)
    .addColumn('task_started_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('programs_user').on('programs').column('user_id').execute();

  await create('program_tasks')
    .addColumn('program_id', t.bigint, (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .addColumn('duracion_dias', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duracion_horas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minutos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proxima_automatica', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('program_tasks_program').on('program_tasks').column('program_id').execute();

  await create('program_runs')
    .addColumn('program_id', t.bigint, (c) => c.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('fecha_inicio', t.bigint, (c) => c.notNull())
    .addColumn('fecha_fin', t.bigint)
    .execute();
  await db.schema.createIndex('program_runs_program').on('program_runs').column('program_id').execute();

  await create('program_run_logs')
    .addColumn('run_id', t.bigint, (c) => c.notNull().references('program_runs.id').onDelete('cascade'))
    .addColumn('tarea_nombre', 'text')
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('fecha', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('program_run_logs_run').on('program_run_logs').column('run_id').execute();

  await create('events')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', t.bigint, (c) => c.references('program_tasks.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('tipo_id', 'integer', (c) => c.notNull())
    .addColumn('habilitado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sensor_id', t.bigint)
    .addColumn('condicion_id', 'integer')
    .addColumn('valor', 'text')
    .addColumn('periodo_id', 'integer')
    .addColumn('hora', 'integer')
    .addColumn('minuto', 'integer')
    .addColumn('dias_semana', 'text')
    .addColumn('dia_mes', 'integer')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_user').on('events').column('user_id').execute();
  await db.schema.createIndex('events_task').on('events').column('task_id').execute();

  await create('automation_actions')
    .addColumn('event_id', t.bigint, (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('task_id', t.bigint, (c) => c.references('program_tasks.id').onDelete('cascade'))
    .addColumn('momento', 'integer')
    .addColumn('orden', 'integer', (c) => c.notNull())
    .addColumn('tipo_accion_id', 'integer', (c) => c.notNull())
    .addColumn('datos', 'text', (c) => c.notNull())
    .addColumn('minutos_espera', 'integer')
    .addColumn('last_fired_at', t.bigint)
    .execute();
  await db.schema
    .createIndex('automation_actions_event')
    .on('automation_actions')
    .column('event_id')
    .execute();
  await db.schema.createIndex('automation_actions_task').on('automation_actions').column('task_id').execute();

  await create('scheduled_jobs')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', t.bigint, (c) => c.notNull())
    .addColumn('due_at', t.bigint, (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('lease_until', t.bigint)
    .addColumn('lease_owner', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addUniqueConstraint('scheduled_jobs_kind_ref', ['kind', 'ref_id'])
    .execute();
  await db.schema.createIndex('scheduled_jobs_due').on('scheduled_jobs').column('due_at').execute();

  await db.schema
    .createTable('automation_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', t.bigint, (c) => c.notNull())
    .execute();
  await db
    .insertInto('automation_revisions' as never)
    .values({ id: 1, revision: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'automation_revisions',
    'scheduled_jobs',
    'automation_actions',
    'events',
    'program_run_logs',
    'program_runs',
    'program_tasks',
    'programs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
