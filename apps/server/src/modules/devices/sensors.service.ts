import {
  type ActualizarLabelData,
  codigosEquipo,
  codigosError,
  mensajes,
  type Sensor,
  type SensorSaveData,
  tiposDato,
  tiposWidget,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { type DevicesCore, permisos } from './devices.core.js';
import type { SensorValues, ShadowValues } from './sensors.repository.js';

const emptyToNull = (v: string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
};

/** Sensor rules (spec 1 §5, §6): widgets, topics, licence limits and owner-only editing. */
export function createSensorsService(core: DevicesCore) {
  const { db, deps, repos } = core;

  function sensorValues(input: SensorSaveData): SensorValues {
    const widgetIds = input.shadows.map((s) => s.tipoWidget.id);
    const hayMapa = widgetIds.includes(tiposWidget.mapa);
    const esJson = input.tipoDato.id === tiposDato.json;
    return {
      nombre: input.labelUsuario,
      labelUsuario: input.labelUsuario,
      nombreNexo: input.nombreNexo,
      tipoSensorId: Number(input.tipoSensor.id),
      tipoDato: input.tipoDato.id,
      variableJson: esJson ? emptyToNull(input.variableJson) : null,
      variableLongitud: hayMapa ? emptyToNull(input.variableLongitud) : null,
      calibracion: input.calibracion ?? 0,
      valorEncendido: emptyToNull(input.valorEncendido),
      valorApagado: emptyToNull(input.valorApagado),
    };
  }

  const shadowValues = (s: SensorSaveData['shadows'][number], orden: number): ShadowValues => ({
    nombre: s.nombre,
    tipoWidgetId: s.tipoWidget.id,
    valorMinReferencia: s.valorMinReferencia ?? null,
    valorMaxReferencia: s.valorMaxReferencia ?? null,
    cantidadHoras: s.cantidadHoras,
    orden,
  });

  const mapaNoPermitido = () =>
    new AppError(400, mensajes.mapaSoloPago, codigosEquipo.mapaSoloPago, [
      { campo: 'shadows', mensaje: mensajes.mapaSoloPago },
    ]);

  /** Rules shared by create and edit that need the database. */
  async function checkCommon(
    deviceId: number,
    sensorId: number | null,
    input: SensorSaveData,
    executor: Db = db,
  ) {
    if (!(await repos.sensors.sensorTypeExists(executor, Number(input.tipoSensor.id)))) {
      throw fieldError('tipoSensor', mensajes.tipoSensorInvalido);
    }
    if (await repos.sensors.topicTaken(executor, deviceId, input.nombreNexo, sensorId)) {
      throw fieldError('nombreNexo', mensajes.nombreTopicAsignado);
    }
  }

  async function create(userId: number, input: SensorSaveData): Promise<Sensor> {
    const deviceId = Number(input.idEquipo);
    await core.requireRole(userId, deviceId, permisos.agregarSensor);
    const device = await repos.devices.byId(db, deviceId);
    if (!device) throw notFound(mensajes.equipoNoEncontrado);
    // Sensors count against the licence of the device's owner: check and insert in one
    // transaction, serialized per licence owner (see withLicenceLocked).
    const sensorId = await core.withLicenceLocked(Number(device.owner_id), async (trx, licencia) => {
      if (!licencia || licencia.cantSensoresAsignados >= licencia.cantidadSensores) {
        throw new AppError(403, mensajes.licenciaSinSensores, codigosEquipo.licenciaSinSensores);
      }
      if (input.shadows.some((s) => s.tipoWidget.id === tiposWidget.mapa) && !licencia.permiteMapa) {
        throw mapaNoPermitido();
      }
      await checkCommon(deviceId, null, input, trx);
      const id = await repos.sensors.insert(trx, deviceId, sensorValues(input));
      for (const [orden, s] of input.shadows.entries()) {
        await repos.sensors.insertShadow(trx, id, shadowValues(s, orden));
      }
      return id;
    });
    core.changed(deviceId);
    return core.sensorModel(sensorId);
  }

  async function edit(userId: number, sensorId: number, input: SensorSaveData): Promise<Sensor> {
    const { deviceId, rolId } = await core.sensorWithRole(userId, sensorId);
    if (deviceId !== Number(input.idEquipo)) throw notFound(mensajes.sensorNoEncontrado);
    if (!(permisos.editarSensor as readonly number[]).includes(rolId)) throw forbidden();
    const existing = await repos.sensors.shadowsOf(db, [sensorId]);
    const hadMap = existing.some((s) => Number(s.tipo_widget_id) === tiposWidget.mapa);
    if (!hadMap && input.shadows.some((s) => s.tipoWidget.id === tiposWidget.mapa)) {
      const device = await repos.devices.byId(db, deviceId);
      const licencia = device ? await deps.licensing.getActiveLicence(Number(device.owner_id)) : null;
      if (!licencia?.permiteMapa) throw mapaNoPermitido();
    }
    await checkCommon(deviceId, sensorId, input);
    const existingIds = new Set(existing.map((s) => Number(s.id)));
    for (const [index, s] of input.shadows.entries()) {
      if (s.id && !existingIds.has(Number(s.id))) {
        throw new AppError(400, mensajes.campoInvalido, codigosError.generico, [
          { campo: `shadows.${index}.id`, mensaje: mensajes.campoInvalido },
        ]);
      }
    }
    await db.transaction().execute(async (trx) => {
      await repos.sensors.update(trx, sensorId, sensorValues(input));
      const kept = new Set<number>();
      for (const [orden, s] of input.shadows.entries()) {
        if (s.id) {
          kept.add(Number(s.id));
          await repos.sensors.updateShadow(trx, Number(s.id), shadowValues(s, orden));
        } else {
          await repos.sensors.insertShadow(trx, sensorId, shadowValues(s, orden));
        }
      }
      await repos.sensors.deleteShadows(
        trx,
        [...existingIds].filter((id) => !kept.has(id)),
      );
    });
    core.changed(deviceId);
    return core.sensorModel(sensorId);
  }

  return {
    /** Create (no id; developer or owner) or edit (owner only) a sensor with its 1–2 widgets. */
    save(userId: number, input: SensorSaveData): Promise<Sensor> {
      return input.id ? edit(userId, Number(input.id), input) : create(userId, input);
    },

    /** Owner only: the sensor goes with its widgets and its history. */
    async remove(userId: number, sensorId: number): Promise<void> {
      const { deviceId, rolId } = await core.sensorWithRole(userId, sensorId);
      if (!(permisos.editarSensor as readonly number[]).includes(rolId)) throw forbidden();
      await db.transaction().execute((trx) => repos.sensors.deleteSensor(trx, sensorId));
      await core.forgetHistory([sensorId]);
      core.changed(deviceId);
    },

    /** Owner only: the sensor's label and, optionally, one of its widgets' names. */
    async updateLabel(userId: number, input: ActualizarLabelData): Promise<Sensor> {
      const sensorId = Number(input.id);
      const { rolId } = await core.sensorWithRole(userId, sensorId);
      if (!(permisos.editarSensor as readonly number[]).includes(rolId)) throw forbidden();
      await db.transaction().execute(async (trx) => {
        await repos.sensors.updateLabel(trx, sensorId, input.labelUsuario);
        if (input.idShadow && input.labelShadow) {
          const renamed = await repos.sensors.renameShadow(
            trx,
            sensorId,
            Number(input.idShadow),
            input.labelShadow,
          );
          if (!renamed) throw fieldError('idShadow', mensajes.campoInvalido);
        }
      });
      return core.sensorModel(sensorId);
    },
  };
}
