import { type Equipo, grilla, type LayoutItem, type Layouts } from '@nexo/contracts';

export type BreakpointName = keyof Layouts;
export const breakpointNames: BreakpointName[] = ['lg', 'md', 'sm', 'xs'];

/** The grid's breakpoint for a container width (lg 940, md 700, sm 480, xs 0: 4, 3, 2, 1 cards a row). */
export function breakpointFor(width: number): BreakpointName {
  if (width >= grilla.breakpoints.lg) return 'lg';
  if (width >= grilla.breakpoints.md) return 'md';
  if (width >= grilla.breakpoints.sm) return 'sm';
  return 'xs';
}

/**
 * Default widget sizes per breakpoint (issue 25, docs/web-devices.md): cards of one row (170 px,
 * about the spec's 220 × 160 card) packed like ThingsBoard and Blynk do, 4 a row at lg (the spec's
 * width 3), 3 at md, 2 at sm (the spec's 6×1), so a device of 8 widgets fits one 1280 × 800 screen.
 * Extra small (phones) departs from the spec's 6x1 on purpose (issue 11): a 6x1 card is too small
 * for a gauge, a chart's axis or a dimmer's slider, so a new widget takes the full width and two
 * rows and keeps its real face; '1X1' in the resize modal still gives the compact number for those
 * who want a dense phone screen (min 6, max 12 wide, 2 high). Saved layouts are never changed.
 */
const defaults: Record<BreakpointName, Omit<LayoutItem, 'i' | 'x' | 'y'>> = {
  lg: { w: 3, h: 1, minW: 3, minH: 1, maxW: 12, maxH: 4 },
  md: { w: 4, h: 1, minW: 3, minH: 1, maxW: 12, maxH: 4 },
  sm: { w: 6, h: 1, minW: 6, minH: 1, maxW: 12, maxH: 4 },
  xs: { w: 12, h: 2, minW: 6, minH: 1, maxW: 12, maxH: 2 },
};

/** The resize modal's options: {columns}X{rows} → width 6 or 12 grid units, height 1 or 2 rows. */
export const resizeOptions = [
  { label: '1X1', w: 6, h: 1 },
  { label: '1X2', w: 6, h: 2 },
  { label: '2X1', w: 12, h: 1 },
  { label: '2X2', w: 12, h: 2 },
] as const;

/** One grid item per widget (shadow); the key is the shadow id as text. */
export function widgetKeys(equipo: Pick<Equipo, 'sensores'>): string[] {
  return equipo.sensores.flatMap((sensor) => sensor.shadows.map((shadow) => String(shadow.id)));
}

function bottomOf(items: LayoutItem[]): number {
  return items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
}

/**
 * The saved layouts completed for the current widgets: saved items are kept (dropping deleted
 * widgets), new widgets are appended in reading order with the breakpoint's default size.
 */
export function completeLayouts(
  equipo: Pick<Equipo, 'sensores'>,
  saved: Layouts | null | undefined,
): Layouts {
  const keys = widgetKeys(equipo);
  const result: Layouts = { lg: [], md: [], sm: [], xs: [] };
  for (const bp of breakpointNames) {
    const known = new Set(keys);
    const kept: LayoutItem[] = (saved?.[bp] ?? [])
      .filter((item) => known.has(item.i))
      .map((item) => ({ ...defaults[bp], ...item, forzar: false }));
    const present = new Set(kept.map((item) => item.i));
    const cols = 12;
    let x = 0;
    let y = bottomOf(kept);
    for (const key of keys) {
      if (present.has(key)) continue;
      const size = defaults[bp];
      if (x + size.w > cols) {
        x = 0;
        y += size.h;
      }
      kept.push({ i: key, x, y, ...size });
      x += size.w;
    }
    result[bp] = kept;
  }
  return result;
}

/** Applies a resize-modal choice; constraints are widened so the chosen size is always allowed. */
export function resizeItem(layouts: Layouts, bp: BreakpointName, key: string, w: number, h: number): Layouts {
  return {
    ...layouts,
    [bp]: layouts[bp].map((item) =>
      item.i === key
        ? {
            ...item,
            w,
            h,
            minW: Math.min(item.minW ?? w, w),
            minH: Math.min(item.minH ?? h, h),
            maxW: Math.max(item.maxW ?? w, w),
            maxH: Math.max(item.maxH ?? h, h),
            x: Math.min(item.x, 12 - w),
            forzar: true,
          }
        : item,
    ),
  };
}

/** Only what the server stores (the library adds its own fields to the items it hands back). */
export function normaliseLayouts(layouts: Partial<Record<string, readonly Partial<LayoutItem>[]>>): Layouts {
  const pick = (items: readonly Partial<LayoutItem>[] | undefined): LayoutItem[] =>
    (items ?? []).map((item) => {
      const out: LayoutItem = {
        i: String(item.i),
        x: item.x ?? 0,
        y: item.y ?? 0,
        w: item.w ?? 1,
        h: item.h ?? 1,
      };
      if (item.minW !== undefined) out.minW = item.minW;
      if (item.maxW !== undefined) out.maxW = item.maxW;
      if (item.minH !== undefined) out.minH = item.minH;
      if (item.maxH !== undefined) out.maxH = item.maxH;
      if (item.moved) out.moved = true;
      if (item.forzar) out.forzar = true;
      return out;
    });
  return { lg: pick(layouts.lg), md: pick(layouts.md), sm: pick(layouts.sm), xs: pick(layouts.xs) };
}

/** Layout identity ignoring flags, to skip saves that would store the same positions. */
export function layoutSignature(layouts: Layouts): string {
  return breakpointNames
    .map((bp) =>
      [...layouts[bp]]
        .sort((a, b) => a.i.localeCompare(b.i))
        .map((item) => `${item.i}:${item.x},${item.y},${item.w},${item.h}`)
        .join(';'),
    )
    .join('|');
}
