import type { Equipo, Sensor } from '@nexo/contracts';

/** A temperature sensor `id` of device `idEquipo`, with no reading yet; any field can be adjusted. */
export function sensorDePrueba(id: number, idEquipo: number, sensor: Partial<Sensor> = {}): Sensor {
  return {
    id,
    idEquipo,
    nombre: 'Temperatura',
    labelUsuario: 'Temperatura',
    calibracion: 0,
    nombreNexo: 'temperatura',
    tipoSensor: { id: 1, descripcion: 'Temperatura' },
    tipoDato: { id: 1 },
    variableJson: null,
    variableLongitud: null,
    valorEncendido: null,
    valorApagado: null,
    ultimoValor: null,
    fechaUV: null,
    conectado: false,
    shadows: [],
    ...sensor,
  };
}

/** A device of the caller's own (role 4) with one temperature sensor `id × 10`; both can be adjusted. */
export function equipoConSensor(
  id: number,
  sensor: Partial<Sensor> = {},
  equipo: Partial<Equipo> = {},
): Equipo {
  return {
    id,
    nombre: `Equipo ${id}`,
    apikey: `k${id}`,
    conectado: false,
    idRol: 4,
    tipoEquipo: null,
    carpeta: null,
    layouts: null,
    sensores: [sensorDePrueba(id * 10, id, sensor)],
    ...equipo,
  };
}
