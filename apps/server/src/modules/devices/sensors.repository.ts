import type { Db } from '../../platform/db/client.js';
import type { SensorRow, ShadowRow } from '../../platform/db/schema.js';

export interface SensorValues {
  nombre: string;
  labelUsuario: string;
  nombreNexo: string;
  tipoSensorId: number;
  tipoDato: number;
  variableJson: string | null;
  variableLongitud: string | null;
  calibracion: number;
  valorEncendido: string | null;
  valorApagado: string | null;
}

export interface ShadowValues {
  nombre: string;
  tipoWidgetId: number;
  valorMinReferencia: number | null;
  valorMaxReferencia: number | null;
  cantidadHoras: number;
  orden: number;
}

const toSensorColumns = (v: SensorValues) => ({
  nombre: v.nombre,
  label_usuario: v.labelUsuario,
  nombre_nexo: v.nombreNexo,
  tipo_sensor_id: v.tipoSensorId,
  tipo_dato: v.tipoDato,
  variable_json: v.variableJson,
  variable_longitud: v.variableLongitud,
  calibracion: v.calibracion,
  valor_encendido: v.valorEncendido,
  valor_apagado: v.valorApagado,
});

const toShadowColumns = (v: ShadowValues) => ({
  nombre: v.nombre,
  tipo_widget_id: v.tipoWidgetId,
  valor_min_referencia: v.valorMinReferencia,
  valor_max_referencia: v.valorMaxReferencia,
  cantidad_horas: v.cantidadHoras,
  orden: v.orden,
});

/** Queries on sensors and their shadows (widget definitions). Every function takes the executor. */
export function createSensorsRepository() {
  return {
    async byId(db: Db, sensorId: number): Promise<SensorRow | undefined> {
      return db.selectFrom('sensors').selectAll().where('id', '=', sensorId).executeTakeFirst();
    },

    async ofDevices(db: Db, deviceIds: number[]): Promise<SensorRow[]> {
      if (deviceIds.length === 0) return [];
      return db
        .selectFrom('sensors')
        .selectAll()
        .where('device_id', 'in', deviceIds)
        .orderBy('device_id')
        .orderBy('id')
        .execute();
    },

    async idsOfDevice(db: Db, deviceId: number): Promise<number[]> {
      const rows = await db.selectFrom('sensors').select('id').where('device_id', '=', deviceId).execute();
      return rows.map((r) => Number(r.id));
    },

    async shadowsOf(db: Db, sensorIds: number[]): Promise<ShadowRow[]> {
      if (sensorIds.length === 0) return [];
      return db
        .selectFrom('shadows')
        .selectAll()
        .where('sensor_id', 'in', sensorIds)
        .orderBy('sensor_id')
        .orderBy('orden')
        .orderBy('id')
        .execute();
    },

    /** Another sensor of the device already using the topic (exact match: MQTT topics are case-sensitive). */
    async topicTaken(db: Db, deviceId: number, nombreNexo: string, exceptSensorId: number | null) {
      let query = db
        .selectFrom('sensors')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('nombre_nexo', '=', nombreNexo);
      if (exceptSensorId !== null) query = query.where('id', '!=', exceptSensorId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async sensorTypes(db: Db) {
      return db.selectFrom('sensor_types').selectAll().orderBy('id').execute();
    },

    async widgetTypes(db: Db) {
      return db.selectFrom('widget_types').selectAll().orderBy('id').execute();
    },

    async sensorTypeExists(db: Db, id: number): Promise<boolean> {
      const row = await db.selectFrom('sensor_types').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async insert(db: Db, deviceId: number, values: SensorValues): Promise<number> {
      const row = await db
        .insertInto('sensors')
        .values({
          device_id: deviceId,
          ...toSensorColumns(values),
          ultimo_valor: null,
          fecha_uv: null,
          conectado: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(db: Db, sensorId: number, values: SensorValues) {
      await db.updateTable('sensors').set(toSensorColumns(values)).where('id', '=', sensorId).execute();
    },

    async updateLabel(db: Db, sensorId: number, labelUsuario: string) {
      await db
        .updateTable('sensors')
        .set({ label_usuario: labelUsuario, nombre: labelUsuario })
        .where('id', '=', sensorId)
        .execute();
    },

    async insertShadow(db: Db, sensorId: number, values: ShadowValues): Promise<number> {
      const row = await db
        .insertInto('shadows')
        .values({ sensor_id: sensorId, ...toShadowColumns(values) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async updateShadow(db: Db, shadowId: number, values: ShadowValues) {
      await db.updateTable('shadows').set(toShadowColumns(values)).where('id', '=', shadowId).execute();
    },

    async renameShadow(db: Db, sensorId: number, shadowId: number, nombre: string) {
      const result = await db
        .updateTable('shadows')
        .set({ nombre })
        .where('id', '=', shadowId)
        .where('sensor_id', '=', sensorId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteShadows(db: Db, shadowIds: number[]) {
      if (shadowIds.length === 0) return;
      await db.deleteFrom('shadows').where('id', 'in', shadowIds).execute();
    },

    async deleteSensor(db: Db, sensorId: number) {
      await db.deleteFrom('shadows').where('sensor_id', '=', sensorId).execute();
      await db.deleteFrom('sensors').where('id', '=', sensorId).execute();
    },

    /** Seeds may set a last value so a fresh demo shows something before the simulator runs. */
    async setLastValue(db: Db, sensorId: number, valor: string, fecha: number) {
      await db
        .updateTable('sensors')
        .set({ ultimo_valor: valor, fecha_uv: fecha })
        .where('id', '=', sensorId)
        .execute();
    },
  };
}

export type SensorsRepository = ReturnType<typeof createSensorsRepository>;
