import type { Equipo } from '@nexo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { equipoConSensor } from '../../../test/devices';
import { applyRealtimeEvent } from '../hooks/useDeviceLive';
import { devicesKeys, equipoQuery, equiposQuery, keepNewerReadings } from './devicesQueries';

const equipo = (
  id: number,
  reading: { ultimoValor: string | null; fechaUV: number | null },
  nombre = 'Caldera',
): Equipo => equipoConSensor(id, { ...reading, conectado: true }, { nombre, conectado: true });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const valor = (idEquipo: number, value: string, fecha: number) =>
  ({
    tipo: 'sensor.valor',
    idEquipo,
    idSensor: idEquipo * 10,
    valor: value,
    valorNumerico: Number(value),
    fecha,
  }) as const;

describe('a fetch that left before a live value', () => {
  it('keeps the live reading in the device list, and takes everything else from the server', async () => {
    const client = new QueryClient();
    client.setQueryData(devicesKeys.all, [equipo(1, { ultimoValor: '20', fechaUV: 1000 })]);
    const answer = deferred<Equipo[]>();
    const fetching = client.fetchQuery({ ...equiposQuery, queryFn: () => answer.promise });
    applyRealtimeEvent(client, valor(1, '25', 2000));
    answer.resolve([equipo(1, { ultimoValor: '20', fechaUV: 1000 }, 'Caldera norte')]);
    await fetching;
    const list = client.getQueryData<Equipo[]>(devicesKeys.all);
    expect(list?.[0]?.nombre).toBe('Caldera norte');
    expect(list?.[0]?.sensores[0]).toMatchObject({ ultimoValor: '25', fechaUV: 2000 });
  });

  it("keeps the live reading in a device's detail", async () => {
    const client = new QueryClient();
    client.setQueryData(devicesKeys.detail(2), equipo(2, { ultimoValor: '1', fechaUV: 1000 }));
    const answer = deferred<Equipo>();
    const fetching = client.fetchQuery({ ...equipoQuery(2), queryFn: () => answer.promise });
    applyRealtimeEvent(client, valor(2, '7', 3000));
    answer.resolve(equipo(2, { ultimoValor: '1', fechaUV: 1000 }));
    await fetching;
    expect(client.getQueryData<Equipo>(devicesKeys.detail(2))?.sensores[0]).toMatchObject({
      ultimoValor: '7',
      fechaUV: 3000,
    });
  });
});

describe('keepNewerReadings', () => {
  it("takes the server's reading when it is newer, or when the server cleared it", () => {
    const cached = [equipo(1, { ultimoValor: '20', fechaUV: 1000 })];
    const newer = [equipo(1, { ultimoValor: '30', fechaUV: 5000 })];
    expect(keepNewerReadings(cached, newer)[0]?.sensores[0]).toMatchObject({
      ultimoValor: '30',
      fechaUV: 5000,
    });
    const cleared = [equipo(1, { ultimoValor: null, fechaUV: null })];
    expect(keepNewerReadings(cached, cleared)[0]?.sensores[0]).toMatchObject({
      ultimoValor: null,
      fechaUV: null,
    });
  });

  it('keeps the cached objects when nothing changed', () => {
    const cached = [
      equipo(1, { ultimoValor: '20', fechaUV: 1000 }),
      equipo(2, { ultimoValor: '5', fechaUV: 10 }),
    ];
    const same = [
      equipo(1, { ultimoValor: '20', fechaUV: 1000 }),
      equipo(2, { ultimoValor: '5', fechaUV: 10 }),
    ];
    expect(keepNewerReadings(cached, same)).toBe(cached);
  });
});
