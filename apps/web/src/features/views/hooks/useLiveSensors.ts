import type { Sensor } from '@nexo/contracts';
import { useMemo } from 'react';
import { useEquipos } from '../../devices/api/devicesQueries';

/**
 * The view's sensors with their live state. Live values patch the devices' cache (['equipos'],
 * kept current by useDeviceLive, which subscribes to every device of the user, so every device
 * a view can hold); the view's own copy is only the fallback until that list has loaded.
 */
export function useLiveSensors(sensores: Sensor[]): Sensor[] {
  const equipos = useEquipos();
  return useMemo(() => {
    const live = new Map<number, Sensor>();
    for (const equipo of equipos.data ?? []) {
      for (const sensor of equipo.sensores) live.set(sensor.id, sensor);
    }
    return sensores.map((sensor) => live.get(sensor.id) ?? sensor);
  }, [equipos.data, sensores]);
}

/** Device names by id, from the same cache (the view lists show which device a sensor is on). */
export function useDeviceNames(): Map<number, string> {
  const equipos = useEquipos();
  return useMemo(() => new Map((equipos.data ?? []).map((e) => [e.id, e.nombre])), [equipos.data]);
}
