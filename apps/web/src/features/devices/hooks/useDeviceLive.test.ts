import type { Equipo } from '@nexo/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pendingCommands } from '../../../shared/realtime/pendingCommands';
import { equipoConSensor } from '../../../test/devices';
import { devicesKeys } from '../api/devicesQueries';
import { applyRealtimeEvent, applyRealtimeEvents } from './useDeviceLive';

const equipo = (id: number): Equipo => equipoConSensor(id);

describe('applyRealtimeEvent', () => {
  it('patches the device list and the device detail without refetching', () => {
    const client = new QueryClient();
    client.setQueryData(devicesKeys.all, [equipo(1), equipo(2)]);
    client.setQueryData(devicesKeys.detail(1), equipo(1));
    applyRealtimeEvent(client, { tipo: 'equipo.estado', idEquipo: 1, conectado: true, fecha: 1 });
    applyRealtimeEvent(client, { tipo: 'sensor.conexion', idEquipo: 1, idSensor: 10, conectado: true });
    applyRealtimeEvent(client, {
      tipo: 'sensor.valor',
      idEquipo: 1,
      idSensor: 10,
      valor: '21.5',
      valorNumerico: 21.5,
      fecha: 1000,
    });
    const list = client.getQueryData<Equipo[]>(devicesKeys.all);
    expect(list?.[0]?.conectado).toBe(true);
    expect(list?.[0]?.sensores[0]).toMatchObject({ ultimoValor: '21.5', fechaUV: 1000, conectado: true });
    expect(list?.[1]).toEqual(equipo(2));
    const detail = client.getQueryData<Equipo>(devicesKeys.detail(1));
    expect(detail?.sensores[0]?.ultimoValor).toBe('21.5');
  });

  it('ends the pending state of a command when the device reports', () => {
    const client = new QueryClient();
    pendingCommands.start(10, '1');
    expect(pendingCommands.get(10)?.valor).toBe('1');
    applyRealtimeEvent(client, {
      tipo: 'sensor.valor',
      idEquipo: 1,
      idSensor: 10,
      valor: '1',
      valorNumerico: 1,
      fecha: 1,
    });
    expect(pendingCommands.get(10)).toBeUndefined();
  });
});

describe('applyRealtimeEvents after a revocation', () => {
  it('leaves a failed device detail in its error, even with readings queued before it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(devicesKeys.detail(1), equipo(1));
    // The refetch after the revocation answers 404: the query keeps its old data, with an error.
    await client
      .fetchQuery({
        queryKey: devicesKeys.detail(1),
        queryFn: () => Promise.reject(new Error('El equipo no existe o no tiene acceso a él.')),
      })
      .catch(() => {});
    expect(client.getQueryState(devicesKeys.detail(1))?.status).toBe('error');
    applyRealtimeEvents(client, [
      { tipo: 'sensor.valor', idEquipo: 1, idSensor: 10, valor: '30', valorNumerico: 30, fecha: 2000 },
    ]);
    expect(client.getQueryState(devicesKeys.detail(1))?.status).toBe('error');
  });
});
