import { type Sensor, tiposSensor, tiposWidget } from '@nexo/contracts';

/** A GPS sensor or one with a map widget: its history is a route, not a chart. */
export function isMapSensor(sensor: Sensor): boolean {
  return (
    sensor.tipoSensor.id === tiposSensor.gps ||
    sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.mapa)
  );
}

/** A sensor shown only as text: its values are words, so there is nothing to plot. */
export function isTextSensor(sensor: Sensor): boolean {
  return (
    !isMapSensor(sensor) &&
    sensor.shadows.length > 0 &&
    sensor.shadows.every((s) => s.tipoWidget.id === tiposWidget.texto)
  );
}
