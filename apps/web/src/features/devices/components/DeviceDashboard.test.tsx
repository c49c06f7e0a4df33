import type { Equipo, Layouts } from '@nexo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsHost } from '../../../shared/ui/AlertsHost';
import { DeviceDashboard } from './DeviceDashboard';

const guardarLayout = vi.fn((_input: unknown) => Promise.resolve());
vi.mock('../api/devicesApi', () => ({
  guardarLayout: (input: unknown) => guardarLayout(input),
  enviarValor: vi.fn(),
}));
vi.mock('./SensorCard', () => ({ SensorCard: () => <div /> }));
vi.mock('./SensorDialogs', () => ({ SensorDialogs: () => null }));
vi.mock('./ResizeDialog', () => ({ ResizeDialog: () => null }));

// The grid is replaced by a stub: on mount it reports a compacted layout, as the real grid does;
// a button plays a drag (start, then the moved layout).
const moved = [{ i: '11', x: 6, y: 0, w: 3, h: 2 }];
const compacted = [{ i: '11', x: 0, y: 0, w: 3, h: 2 }];
// The grid's container is measured at a desktop width.
vi.mock('../../../shared/hooks/useElementWidth', () => ({
  useElementWidth: () => ({ ref: { current: null }, width: 1300 }),
}));
vi.mock('react-grid-layout', async () => {
  const { useEffect } = await import('react');
  return {
    ResponsiveGridLayout: (props: {
      children: ReactNode;
      onLayoutChange: (layout: unknown, all: Record<string, unknown>) => void;
      onDragStart: () => void;
    }) => {
      useEffect(() => props.onLayoutChange(compacted, { lg: compacted }), []);
      return (
        <button
          type="button"
          onClick={() => {
            props.onDragStart();
            props.onLayoutChange(moved, { lg: moved });
          }}
        >
          arrastrar
        </button>
      );
    },
  };
});

const equipo = {
  id: 3,
  idRol: 4,
  sensores: [{ id: 1, shadows: [{ id: 11 }] }],
  // Saved with a gap the grid compacts away on mount.
  layouts: { lg: [{ i: '11', x: 0, y: 2, w: 3, h: 2 }], md: [], sm: [], xs: [] } satisfies Layouts,
} as unknown as Equipo;

function renderDashboard() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <>
        <DeviceDashboard equipo={equipo} />
        <AlertsHost />
      </>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  guardarLayout.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DeviceDashboard layout saving', () => {
  it('does not save when the dashboard only opens', async () => {
    renderDashboard();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(guardarLayout).not.toHaveBeenCalled();
  });

  it('saves once, after the debounce, when the user drags a widget', async () => {
    renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'arrastrar' }));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(guardarLayout).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(guardarLayout).toHaveBeenCalledTimes(1);
    expect(guardarLayout).toHaveBeenCalledWith(
      expect.objectContaining({ id: 3, esEquipo: true, layouts: expect.objectContaining({ lg: moved }) }),
    );
  });
});
