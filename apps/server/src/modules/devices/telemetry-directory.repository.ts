import { widgetsNumericos } from '@nexo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { BatchWrite } from '../../platform/db/batch-write.js';
import { type Db, statementRunnerOf } from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';
import { pgNumberArray, pgTextArray } from '../../platform/db/pg-array.js';

/**
 * The devices module's read interface for telemetry's hot path: device and sensor lookups by
 * apikey/topic, and the live columns it writes (devices.conectado, sensors.ultimo_valor/fecha_uv/
 * conectado). One message must not cost a service call chain and several queries, so these are
 * plain queries; telemetry keeps them in its apikey/topic cache, which devices invalidates through
 * onDeviceChanged.
 */
export interface DeviceInfo {
  id: number;
  apikey: string;
  secret: string;
  ownerId: number;
  conectado: boolean;
}

export interface SensorInfo {
  id: number;
  deviceId: number;
  nombreNexo: string;
  tipoSensorId: number;
  tipoDato: number;
  variableJson: string | null;
  variableLongitud: string | null;
  calibracion: number;
  /** True when a widget of the sensor needs numbers (tachometer, thermometer, …). */
  numerico: boolean;
  conectado: boolean;
}

export interface LastValue {
  sensorId: number;
  valor: string;
  ts: number;
}

function rowToDevice(row: {
  id: number;
  apikey: string;
  secret: string;
  owner_id: number;
  conectado: number;
}): DeviceInfo {
  return {
    id: Number(row.id),
    apikey: row.apikey,
    secret: row.secret,
    ownerId: Number(row.owner_id),
    conectado: Boolean(row.conectado),
  };
}

/** PostgreSQL: a batch's last values in one UPDATE joined to arrays (one statement whatever their number). */
function lastValuesUpdate(values: readonly LastValue[]): RawBuilder<unknown> {
  const ids = new Array<number>(values.length);
  const valores = new Array<string>(values.length);
  const fechas = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as LastValue;
    ids[i] = v.sensorId;
    valores[i] = v.valor;
    fechas[i] = Math.trunc(v.ts);
  }
  return sql`update sensors set ultimo_valor = v.valor, fecha_uv = v.ts
    from unnest(${pgNumberArray(ids)}::bigint[], ${pgTextArray(valores)}::text[], ${pgNumberArray(fechas)}::bigint[])
      as v(id, valor, ts)
    where sensors.id = v.id`;
}

export function createTelemetryDirectory(db: Db) {
  const postgres = engineOf(db) === 'postgres';
  const directory = {
    async deviceByApikey(apikey: string): Promise<DeviceInfo | null> {
      const row = await db
        .selectFrom('devices')
        .select(['id', 'apikey', 'secret', 'owner_id', 'conectado'])
        .where('apikey', '=', apikey)
        .executeTakeFirst();
      return row ? rowToDevice(row) : null;
    },

    async deviceById(deviceId: number): Promise<DeviceInfo | null> {
      const row = await db
        .selectFrom('devices')
        .select(['id', 'apikey', 'secret', 'owner_id', 'conectado'])
        .where('id', '=', deviceId)
        .executeTakeFirst();
      return row ? rowToDevice(row) : null;
    },

    async sensorsOfDevice(deviceId: number): Promise<SensorInfo[]> {
      const rows = await db
        .selectFrom('sensors')
        .select([
          'id',
          'device_id',
          'nombre_nexo',
          'tipo_sensor_id',
          'tipo_dato',
          'variable_json',
          'variable_longitud',
          'calibracion',
          'conectado',
        ])
        .where('device_id', '=', deviceId)
        .execute();
      if (rows.length === 0) return [];
      const shadows = await db
        .selectFrom('shadows')
        .select(['sensor_id', 'tipo_widget_id'])
        .where(
          'sensor_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const numeric = new Set(
        shadows.filter((s) => widgetsNumericos.has(Number(s.tipo_widget_id))).map((s) => Number(s.sensor_id)),
      );
      return rows.map((r) => ({
        id: Number(r.id),
        deviceId: Number(r.device_id),
        nombreNexo: r.nombre_nexo,
        tipoSensorId: Number(r.tipo_sensor_id),
        tipoDato: Number(r.tipo_dato),
        variableJson: r.variable_json,
        variableLongitud: r.variable_longitud,
        calibracion: Number(r.calibracion) || 0,
        numerico: numeric.has(Number(r.id)),
        conectado: Boolean(r.conectado),
      }));
    },

    async sensorState(sensorId: number) {
      const row = await db
        .selectFrom('sensors')
        .select(['id', 'device_id', 'nombre_nexo', 'tipo_sensor_id', 'ultimo_valor', 'fecha_uv', 'conectado'])
        .where('id', '=', sensorId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: Number(row.id),
        deviceId: Number(row.device_id),
        nombreNexo: row.nombre_nexo,
        tipoSensorId: Number(row.tipo_sensor_id),
        ultimoValor: row.ultimo_valor,
        fechaUV: row.fecha_uv === null ? null : Number(row.fecha_uv),
        conectado: Boolean(row.conectado),
      };
    },

    /**
     * Last values of a batch (the newest reading of each sensor) in one UPDATE with CASE, so a
     * batch costs one statement whatever the number of sensors in it. `executor` is the batch's
     * transaction (history.appendReadings), so readings and last values commit together.
     */
    async updateLastValues(values: LastValue[], executor: Db = db): Promise<void> {
      if (values.length === 0) return;
      // The ingest's batch (rawSqliteTransaction or the writer thread's writerTransaction): one
      // prepared UPDATE per sensor, no SQL to build.
      const sqlite = executor === db ? undefined : statementRunnerOf(executor);
      if (sqlite) {
        const update = sqlite.prepare('update sensors set ultimo_valor = ?, fecha_uv = ? where id = ?');
        for (const v of values) update.run(v.valor, Math.trunc(v.ts), v.sensorId);
        return;
      }
      if (postgres) {
        await lastValuesUpdate(values).execute(executor);
        return;
      }
      for (let i = 0; i < values.length; i += 200) {
        const chunk = values.slice(i, i + 200);
        const ids = chunk.map((v) => v.sensorId);
        const valor = sql.join(
          chunk.map((v) => sql`when ${v.sensorId} then ${v.valor}`),
          sql` `,
        );
        const fecha = sql.join(
          chunk.map((v) => sql`when ${v.sensorId} then cast(${v.ts} as bigint)`),
          sql` `,
        );
        await sql`update sensors set ultimo_valor = case id ${valor} end, fecha_uv = case id ${fecha} end where id in (${sql.join(ids)})`.execute(
          executor,
        );
      }
    },

    /**
     * The last values as part of the ingest's batch (history.appendReadings): written in its
     * transaction, or on PostgreSQL as the last part of the batch's single statement.
     */
    lastValuesWrite(values: LastValue[]): BatchWrite {
      return {
        within: (trx) => directory.updateLastValues(values, trx),
        statement: postgres && values.length > 0 ? lastValuesUpdate(values) : undefined,
      };
    },

    async setDeviceConnected(deviceId: number, conectado: boolean, at: number): Promise<void> {
      await db
        .updateTable('devices')
        .set({ conectado: conectado ? 1 : 0, conectado_cambio_at: at })
        .where('id', '=', deviceId)
        .execute();
    },

    async setSensorsConnected(sensorIds: number[], conectado: boolean): Promise<void> {
      if (sensorIds.length === 0) return;
      await db
        .updateTable('sensors')
        .set({ conectado: conectado ? 1 : 0 })
        .where('id', 'in', sensorIds)
        .execute();
    },

    /** Embedded broker start: no session survives a restart, so nothing is connected. */
    async resetAllConnected(at: number): Promise<void> {
      await db
        .updateTable('devices')
        .set({ conectado: 0, conectado_cambio_at: at })
        .where('conectado', '=', 1)
        .execute();
      await db.updateTable('sensors').set({ conectado: 0 }).where('conectado', '=', 1).execute();
    },

    /** When any sensor of the device last reported (whichever instance stored it). */
    async newestValueAt(deviceId: number): Promise<number | null> {
      const row = await db
        .selectFrom('sensors')
        .select((eb) => eb.fn.max('fecha_uv').as('newest'))
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      return row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
    },
  };
  return directory;
}

export type TelemetryDirectory = ReturnType<typeof createTelemetryDirectory>;
