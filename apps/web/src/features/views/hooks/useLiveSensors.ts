import type { Sensor } from '@nexo/contracts';
import { useMemo } from 'react';
import { useEquipos } from '../../devices';

/**
 * The view's sensors with their live state. Live values patch the devices' cache (['equipos'],
 * kept current by useDeviceLive, which subscribes to every device of the user, so every device
 * a view can hold); the view's own copy is only shown until that list has loaded. Once it has, a
 * sensor missing from it is out of the user's reach (device unlinked or deleted) and drops out,
 * as the server's answer would.
 */
export function useLiveSensors(sensores: Sensor[]): Sensor[] {
  const equipos = useEquipos();
  return useMemo(() => {
    if (!equipos.data) return sensores;
    const live = new Map<number, Sensor>();
    for (const equipo of equipos.data) {
      for (const sensor of equipo.sensores) live.set(sensor.id, sensor);
    }
    return sensores.flatMap((sensor) => live.get(sensor.id) ?? []);
  }, [equipos.data, sensores]);
}

/** Device names by id, from the same cache (the view lists show which device a sensor is on). */
export function useDeviceNames(): Map<number, string> {
  const equipos = useEquipos();
  return useMemo(() => new Map((equipos.data ?? []).map((e) => [e.id, e.nombre])), [equipos.data]);
}
