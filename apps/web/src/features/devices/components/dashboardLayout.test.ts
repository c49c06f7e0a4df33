import type { Equipo } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import {
  breakpointFor,
  completeLayouts,
  layoutSignature,
  normaliseLayouts,
  resizeItem,
} from './dashboardLayout';

const equipo = (shadowIds: number[][]): Pick<Equipo, 'sensores'> =>
  ({
    sensores: shadowIds.map((ids, index) => ({
      id: index + 1,
      shadows: ids.map((id) => ({ id })),
    })),
  }) as unknown as Pick<Equipo, 'sensores'>;

describe('completeLayouts', () => {
  it('packs one-row cards 4 a row at lg, 3 at md, 2 at sm and 1 on a phone', () => {
    const layouts = completeLayouts(equipo([[1, 2], [3], [4], [5]]), null);
    const places = (bp: 'lg' | 'md' | 'sm' | 'xs') => layouts[bp].map((i) => [i.x, i.y, i.w, i.h]);
    expect(places('lg')).toEqual([
      [0, 0, 3, 1],
      [3, 0, 3, 1],
      [6, 0, 3, 1],
      [9, 0, 3, 1],
      [0, 1, 3, 1],
    ]);
    expect(places('md')).toEqual([
      [0, 0, 4, 1],
      [4, 0, 4, 1],
      [8, 0, 4, 1],
      [0, 1, 4, 1],
      [4, 1, 4, 1],
    ]);
    expect(places('sm').map(([x, y]) => [x, y])).toEqual([
      [0, 0],
      [6, 0],
      [0, 1],
      [6, 1],
      [0, 2],
    ]);
    expect(layouts.lg[0]).toMatchObject({ minW: 3, minH: 1, maxW: 12, maxH: 4 });
    expect(layouts.xs[0]).toMatchObject({ w: 12, h: 2, minW: 6, maxW: 12, maxH: 2 });
  });

  it('picks the breakpoint from the grid width: 4 cards of 220 px fit from 940, 3 from 700, 2 from 480', () => {
    expect([1612, 952, 940, 939, 732, 700, 699, 572, 480, 479, 378].map(breakpointFor)).toEqual([
      'lg',
      'lg',
      'lg',
      'md',
      'md',
      'md',
      'sm',
      'sm',
      'sm',
      'xs',
      'xs',
    ]);
  });

  it('keeps saved positions, drops deleted widgets and appends new ones below', () => {
    const saved = {
      lg: [
        { i: '1', x: 6, y: 0, w: 6, h: 2 },
        { i: '99', x: 0, y: 0, w: 3, h: 2 },
      ],
      md: [],
      sm: [],
      xs: [],
    };
    const layouts = completeLayouts(equipo([[1], [2]]), saved);
    expect(layouts.lg.find((i) => i.i === '1')).toMatchObject({ x: 6, y: 0, w: 6, h: 2 });
    expect(layouts.lg.find((i) => i.i === '99')).toBeUndefined();
    expect(layouts.lg.find((i) => i.i === '2')).toMatchObject({ x: 0, y: 2 });
  });
});

describe('resizeItem', () => {
  it('applies a resize option and widens the constraints so it is allowed', () => {
    const layouts = completeLayouts(equipo([[1]]), null);
    const next = resizeItem(layouts, 'lg', '1', 12, 1);
    expect(next.lg[0]).toMatchObject({ w: 12, h: 1, minH: 1, x: 0, forzar: true });
    expect(next.md).toBe(layouts.md);
  });
});

describe('normaliseLayouts and layoutSignature', () => {
  it('keeps only stored fields and ignores flags in the signature', () => {
    const raw = { lg: [{ i: '1', x: 0, y: 0, w: 3, h: 2, isDraggable: true, moved: false }], md: [], xs: [] };
    const normal = normaliseLayouts(raw as never);
    expect(normal.lg[0]).toEqual({ i: '1', x: 0, y: 0, w: 3, h: 2 });
    expect(layoutSignature(normal)).toBe(
      layoutSignature({ ...normal, lg: [{ ...normal.lg[0], forzar: true } as never] }),
    );
  });
});
