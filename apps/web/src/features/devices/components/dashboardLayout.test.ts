import type { Equipo } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { completeLayouts, layoutSignature, normaliseLayouts, resizeItem } from './dashboardLayout';

const equipo = (shadowIds: number[][]): Pick<Equipo, 'sensores'> =>
  ({
    sensores: shadowIds.map((ids, index) => ({
      id: index + 1,
      shadows: ids.map((id) => ({ id })),
    })),
  }) as unknown as Pick<Equipo, 'sensores'>;

describe('completeLayouts', () => {
  it('gives every widget the spec default size per breakpoint', () => {
    const layouts = completeLayouts(equipo([[1, 2], [3]]), null);
    expect(layouts.lg.map((i) => [i.i, i.w, i.h])).toEqual([
      ['1', 3, 2],
      ['2', 3, 2],
      ['3', 3, 2],
    ]);
    expect(layouts.lg[0]).toMatchObject({ minW: 3, minH: 2, maxW: 12, maxH: 4 });
    expect(layouts.md.every((i) => i.w === 6 && i.h === 1)).toBe(true);
    expect(layouts.xs[0]).toMatchObject({ w: 12, h: 2, minW: 6, maxW: 12, maxH: 2 });
    // Two half-width items per row on md.
    expect(layouts.md.map((i) => [i.x, i.y])).toEqual([
      [0, 0],
      [6, 0],
      [0, 1],
    ]);
  });

  it('keeps saved positions, drops deleted widgets and appends new ones below', () => {
    const saved = {
      lg: [
        { i: '1', x: 6, y: 0, w: 6, h: 2 },
        { i: '99', x: 0, y: 0, w: 3, h: 2 },
      ],
      md: [],
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
