import {
  type CatalogoItem,
  type Equipo,
  type Layouts,
  LayoutsSchema,
  rolesEquipo,
  type Sensor,
  type Shadow,
  tiposSensorCatalogo,
} from '@nexo/contracts';
import type { SensorRow, ShadowRow } from '../../platform/db/schema.js';
import type { DeviceForUser } from './devices.repository.js';

/** Row → contract conversions: 0/1 become booleans, snake_case becomes the spec's field names. */

const sensorTypeNames = new Map(tiposSensorCatalogo.map((t) => [t.id, t.descripcion]));

export function toShadow(row: ShadowRow): Shadow {
  return {
    id: Number(row.id),
    nombre: row.nombre,
    tipoWidget: { id: Number(row.tipo_widget_id) },
    valorMinReferencia: row.valor_min_referencia === null ? null : Number(row.valor_min_referencia),
    valorMaxReferencia: row.valor_max_referencia === null ? null : Number(row.valor_max_referencia),
    cantidadHoras: Number(row.cantidad_horas),
  };
}

export function toSensor(row: SensorRow, shadows: ShadowRow[]): Sensor {
  const tipoSensorId = Number(row.tipo_sensor_id);
  return {
    id: Number(row.id),
    idEquipo: Number(row.device_id),
    nombre: row.nombre,
    labelUsuario: row.label_usuario,
    calibracion: Number(row.calibracion),
    nombreNexo: row.nombre_nexo,
    tipoSensor: { id: tipoSensorId, descripcion: sensorTypeNames.get(tipoSensorId) ?? '' },
    tipoDato: { id: Number(row.tipo_dato) },
    variableJson: row.variable_json,
    variableLongitud: row.variable_longitud,
    valorEncendido: row.valor_encendido,
    valorApagado: row.valor_apagado,
    ultimoValor: row.ultimo_valor,
    fechaUV: row.fecha_uv === null ? null : Number(row.fecha_uv),
    conectado: Number(row.conectado) === 1,
    shadows: shadows.map(toShadow),
  };
}

/** A stored layout, or null when absent or unreadable (the grid then uses its defaults). */
export function parseLayouts(text: string | undefined): Layouts | null {
  if (!text) return null;
  try {
    const parsed = LayoutsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toEquipo(
  device: DeviceForUser,
  extra: {
    sensores: Sensor[];
    layouts: Layouts | null;
    tipoEquipo: CatalogoItem | null;
    /** The caller's folder for the device; null when it sits at the root. */
    carpetaId: number | null;
  },
): Equipo {
  const idRol = Number(device.rol_id);
  const equipo: Equipo = {
    id: Number(device.id),
    nombre: device.nombre,
    apikey: device.apikey,
    conectado: Number(device.conectado) === 1,
    idRol,
    tipoEquipo: extra.tipoEquipo,
    carpeta: extra.carpetaId === null ? null : { id: extra.carpetaId },
    sensores: extra.sensores,
    layouts: extra.layouts,
  };
  // The secret is the device's password: only the owner level may read it (spec 1 §6, widget info).
  if (idRol === rolesEquipo.propietario) equipo.secret = device.secret;
  return equipo;
}
