import type { Layouts } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { nudgeLayout } from './WidgetGrid';

const row = (...keys: string[]) =>
  keys.map((i, n) => ({ i, x: n * 3, y: 0, w: 3, h: 1, minW: 3, minH: 1, maxW: 12, maxH: 4 }));
const layouts = (): Layouts => ({ lg: row('a', 'b', 'c'), md: [], sm: [], xs: [] });
const place = (l: Layouts, key: string) => {
  const item = l.lg.find((i) => i.i === key);
  return item && [item.x, item.y, item.w, item.h];
};

describe('nudgeLayout (the drag handle from the keyboard)', () => {
  it('moves a card one column with an arrow, pushing what it lands on as a drag does', () => {
    const start = layouts();
    const right = nudgeLayout({ ...start, lg: row('a', 'b') }, 'lg', 'b', {
      direction: 'right',
      resize: false,
    });
    expect(place(right, 'b')).toEqual([4, 0, 3, 1]);
    const down = nudgeLayout(start, 'lg', 'a', { direction: 'down', resize: false });
    expect(place(down, 'a')).toEqual([0, 0, 3, 1]); // nothing below: the grid keeps it packed at the top
    const left = nudgeLayout(start, 'lg', 'a', { direction: 'left', resize: false });
    expect(place(left, 'a')).toEqual([0, 0, 3, 1]); // already at the left edge
  });

  it('resizes with Shift + arrows within the card limits, and moves the neighbours out of the way', () => {
    const wider = nudgeLayout(layouts(), 'lg', 'a', { direction: 'right', resize: true });
    expect(place(wider, 'a')).toEqual([0, 0, 4, 1]);
    expect(wider.lg.every((i) => i.i === 'a' || i.y > 0 || i.x >= 4)).toBe(true);
    const taller = nudgeLayout(layouts(), 'lg', 'c', { direction: 'down', resize: true });
    expect(place(taller, 'c')).toEqual([6, 0, 3, 2]);
    const narrower = nudgeLayout(layouts(), 'lg', 'a', { direction: 'left', resize: true });
    expect(place(narrower, 'a')).toEqual([0, 0, 3, 1]); // minW 3
  });
});
