import type { Equipo, Sensor } from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveSensors } from './useLiveSensors';

vi.mock('../../../shared/api/httpClient', () => ({ api: { get: vi.fn(() => new Promise(() => {})) } }));

const sensor = (id: number, idEquipo: number, ultimoValor: string | null) =>
  ({ id, idEquipo, ultimoValor, shadows: [] }) as unknown as Sensor;

function setup(initial: Equipo[] | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (initial) client.setQueryData(['equipos'], initial);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useLiveSensors', () => {
  const vista = [sensor(21, 2, '10'), sensor(11, 1, '5')];

  it("shows the view's copy until the device list has loaded", () => {
    const { wrapper } = setup(undefined);
    const { result } = renderHook(() => useLiveSensors(vista), { wrapper });
    expect(result.current.map((s) => s.ultimoValor)).toEqual(['10', '5']);
  });

  it('follows live values patched into the devices cache and drops sensors out of reach', async () => {
    const { client, wrapper } = setup([
      { id: 1, sensores: [sensor(11, 1, '6')] },
      { id: 2, sensores: [sensor(21, 2, '12')] },
    ] as unknown as Equipo[]);
    const { result } = renderHook(() => useLiveSensors(vista), { wrapper });
    expect(result.current.map((s) => [s.id, s.ultimoValor])).toEqual([
      [21, '12'],
      [11, '6'],
    ]);
    act(() => {
      client.setQueryData<Equipo[]>(['equipos'], [
        { id: 1, sensores: [sensor(11, 1, '7')] },
      ] as unknown as Equipo[]);
    });
    // The query cache notifies its observers on the next tick.
    await waitFor(() => expect(result.current.map((s) => [s.id, s.ultimoValor])).toEqual([[11, '7']]));
  });
});
