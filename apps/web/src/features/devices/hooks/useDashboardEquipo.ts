import type { Equipo } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { equipoQuery } from '../api/devicesQueries';
import { onlyLiveValueMoved } from './liveValues';

/**
 * A selector that hands back the device it returned last while the device only took readings the
 * live-value store already holds (onlyLiveValueMoved): the device caches take the live values a
 * few times a second (useDeviceLive), and a page drawn from this selector need not re-render for
 * them, since its widgets read their values from the store.
 */
export function stableDevice(): (equipo: Equipo) => Equipo {
  let last: Equipo | undefined;
  return (equipo) => {
    if (last !== undefined && sameButLiveValues(last, equipo)) return last;
    last = equipo;
    return equipo;
  };
}

function sameButLiveValues(previous: Equipo, next: Equipo): boolean {
  if (previous === next) return true;
  const keys = Object.keys(next) as (keyof Equipo)[];
  if (keys.length !== Object.keys(previous).length) return false;
  if (!keys.every((key) => key === 'sensores' || previous[key] === next[key])) return false;
  const before = previous.sensores;
  return (
    before.length === next.sensores.length &&
    next.sensores.every((sensor, index) =>
      onlyLiveValueMoved(before[index] as Equipo['sensores'][number], sensor),
    )
  );
}

/**
 * The device for its dashboard page: the device's query, without a re-render for each batch of
 * live values (stableDevice). Its header and grid re-render when something else changes: a name,
 * the connection, a widget, a layout, an optimistic command. The Listado tab reads the query
 * itself (useEquipo) for its column of last values.
 */
export function useDashboardEquipo(id: number) {
  const [select] = useState(stableDevice);
  return useQuery({ ...equipoQuery(id), enabled: id > 0, select });
}
