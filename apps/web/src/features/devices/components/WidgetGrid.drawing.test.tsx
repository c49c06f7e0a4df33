import type { Layouts, Sensor } from '@nexo/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WidgetGrid } from './WidgetGrid';

vi.mock('./SensorCard', () => ({
  SensorCard: ({ sensor, narrow }: { sensor: Sensor; narrow: boolean }) => (
    <div data-testid="dibujada" data-narrow={String(narrow)}>
      {sensor.id}
    </div>
  ),
}));
vi.mock('./ResizeDialog', () => ({ ResizeDialog: () => null }));
// The container is measured at a desktop width, and the grid draws its children in place.
vi.mock('../../../shared/hooks/useElementWidth', () => ({
  useElementWidth: () => ({ ref: { current: null }, width: 1300 }),
}));
vi.mock('react-grid-layout', () => ({
  ResponsiveGridLayout: ({ children }: { children: ReactNode }) => <div>{children}</div>,
  moveElement: vi.fn(),
  verticalCompactor: { compact: vi.fn() },
}));

// Seven widgets saved in one column, the last sensor at the top: reading order is 7, 6, … 1.
const sensores = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  labelUsuario: `Sensor ${index + 1}`,
  shadows: [{ id: (index + 1) * 10 }],
})) as unknown as Sensor[];
const lg = sensores.map((sensor, index) => ({
  i: String(sensor.id * 10),
  x: 0,
  y: (6 - index) * 2,
  w: 12,
  h: 2,
}));
const layouts = { lg, md: [], sm: [], xs: [] } as unknown as Layouts;

/** The grid of a device's dashboard, read-only. */
function drawGrid(widgets: Sensor[], saved: Layouts) {
  render(
    <WidgetGrid
      sensores={widgets}
      savedLayouts={saved}
      rowHeight={170}
      canManage={false}
      emptyText="vacío"
      save={() => Promise.resolve()}
      send={() => {}}
    />,
  );
}

const drawn = () => screen.queryAllByTestId('dibujada').map((card) => Number(card.textContent));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('WidgetGrid drawing', () => {
  it('draws the first cards in reading order at once and the rest in later steps', async () => {
    drawGrid(sensores, layouts);
    // The top four of the screen; the others hold their place.
    expect(drawn().sort()).toEqual([4, 5, 6, 7]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(drawn().length).toBeGreaterThan(4);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(drawn().sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('tells a card of 320 px or less that it is narrow, from its width in the grid', () => {
    // 1,300 px wide, 12 columns with 12 px gaps: 3 columns are 316 px, 4 are 425 px.
    const widths = [3, 4, 12, 3, 4, 12, 3];
    const mixed = {
      ...layouts,
      lg: lg.map((item, index) => ({ ...item, w: widths[index] as number })),
    } as unknown as Layouts;
    drawGrid(sensores.slice(0, 4), mixed);
    const narrow = Object.fromEntries(
      screen.queryAllByTestId('dibujada').map((card) => [card.textContent, card.dataset.narrow]),
    );
    expect(narrow).toEqual({ '1': 'true', '2': 'false', '3': 'false', '4': 'true' });
  });
});
