import { type Sensor, type Shadow, tiposSensor, tiposWidget } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { isMapSensor, isTextSensor } from './sensorKind';

const shadow = (tipo: number): Shadow => ({
  id: 11,
  nombre: 'w',
  tipoWidget: { id: tipo },
  valorMinReferencia: null,
  valorMaxReferencia: null,
  cantidadHoras: 6,
});

const sensor = (tipoSensor: number, ...widgets: number[]): Sensor => ({
  id: 1,
  idEquipo: 3,
  nombre: 'estado',
  labelUsuario: 'Estado',
  calibracion: 0,
  nombreNexo: 'estado',
  tipoSensor: { id: tipoSensor, descripcion: 'x' },
  tipoDato: { id: 1 },
  variableJson: null,
  variableLongitud: null,
  valorEncendido: null,
  valorApagado: null,
  ultimoValor: 'regando',
  fechaUV: null,
  conectado: true,
  shadows: widgets.map(shadow),
});

describe('sensor kind on the history screen', () => {
  it('treats a sensor shown only as text as not chartable', () => {
    expect(isTextSensor(sensor(tiposSensor.desarrollador, tiposWidget.texto))).toBe(true);
  });

  it('keeps charting a sensor that also has a numeric widget', () => {
    expect(isTextSensor(sensor(tiposSensor.temperatura, tiposWidget.texto, tiposWidget.termometro))).toBe(
      false,
    );
    expect(isTextSensor(sensor(tiposSensor.temperatura, tiposWidget.termometro))).toBe(false);
  });

  it('draws a route, not a text notice, for GPS sensors', () => {
    const gps = sensor(tiposSensor.gps, tiposWidget.texto);
    expect(isMapSensor(gps)).toBe(true);
    expect(isTextSensor(gps)).toBe(false);
  });
});
