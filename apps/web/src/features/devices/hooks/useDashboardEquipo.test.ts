import type { Equipo } from '@nexo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { equipoConSensor } from '../../../test/devices';
import { devicesKeys } from '../api/devicesQueries';
import { liveValues } from './liveValues';
import { stableDevice } from './useDashboardEquipo';
import { applyRealtimeEvents } from './useDeviceLive';

const valor = (idSensor: number, v: string, fecha: number) =>
  ({ tipo: 'sensor.valor', idEquipo: 3, idSensor, valor: v, valorNumerico: Number(v), fecha }) as const;

/** Device 3 in a query cache, and the cache's device after `events` (as useDeviceLive writes them). */
function deviceCache() {
  const client = new QueryClient();
  client.setQueryData(devicesKeys.detail(3), equipoConSensor(3, { ultimoValor: '20', fechaUV: 1_000 }));
  const read = () => client.getQueryData<Equipo>(devicesKeys.detail(3)) as Equipo;
  const patch = (...events: Parameters<typeof applyRealtimeEvents>[1]) => {
    for (const event of events) if (event.tipo === 'sensor.valor') liveValues.put(event.idSensor, event);
    applyRealtimeEvents(client, events);
    return read();
  };
  return { client, read, patch };
}

describe('stableDevice', () => {
  it('hands back the same device while only readings the live store holds came in', () => {
    const { read, patch } = deviceCache();
    const select = stableDevice();
    const first = select(read());
    const patched = patch(valor(30, '21', 2_000), valor(30, '22', 3_000));
    expect(patched).not.toBe(first);
    expect(patched.sensores[0]?.ultimoValor).toBe('22');
    expect(select(patched)).toBe(first);
  });

  it('takes the device when anything else changes: connection, name, a value the store lacks', () => {
    const { client, read } = deviceCache();
    const select = stableDevice();
    const first = select(read());

    const connected = (() => {
      applyRealtimeEvents(client, [{ tipo: 'equipo.estado', idEquipo: 3, conectado: true, fecha: 4_000 }]);
      return read();
    })();
    expect(select(connected)).toBe(connected);
    expect(select(connected)).not.toBe(first);

    const renamed = { ...connected, nombre: 'Invernadero' };
    expect(select(renamed)).toBe(renamed);

    // An optimistic command: a value newer than the store's, which only the device's copy holds.
    const optimistic: Equipo = {
      ...renamed,
      sensores: renamed.sensores.map((s) => ({ ...s, ultimoValor: '1', fechaUV: 9_000_000 })),
    };
    expect(select(optimistic)).toBe(optimistic);

    // A new widget on a sensor.
    const reshaped: Equipo = {
      ...optimistic,
      sensores: optimistic.sensores.map((s) => ({ ...s, labelUsuario: 'Temperatura exterior' })),
    };
    expect(select(reshaped)).toBe(reshaped);
  });
});
