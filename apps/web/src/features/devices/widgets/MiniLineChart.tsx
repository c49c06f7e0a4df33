import { Box, useTheme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { formatNumber, type Range } from './widgetValue';

export interface ChartPoint {
  fecha: number;
  value: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick steps a person reads easily, from one minute to a week. */
const STEPS = [1, 2, 5, 10, 15, 30]
  .map((m) => m * MINUTE)
  .concat(
    [1, 2, 3, 6, 12].map((h) => h * HOUR),
    [DAY, 2 * DAY, 7 * DAY],
  );
const FONT = 9;

/** The box's size, followed with a ResizeObserver (a fixed default where there is none, as in tests). */
function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 300, height: 140 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize({ width, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

/** Time ticks at round steps (≥ minInterval), at most one per `minSpacingPx`; labels never repeat. */
export function timeTicks(
  first: number,
  last: number,
  widthPx: number,
  minInterval: number,
  format: (v: number) => string,
  minSpacingPx = 56,
): { at: number; label: string }[] {
  const span = Math.max(1, last - first);
  const maxTicks = Math.max(2, Math.floor(widthPx / minSpacingPx));
  const step = STEPS.find((s) => s >= minInterval && span / s <= maxTicks) ?? STEPS[STEPS.length - 1] ?? DAY;
  const ticks: { at: number; label: string }[] = [];
  let at: number;
  if (step >= DAY) {
    const start = new Date(first);
    start.setHours(0, 0, 0, 0);
    at = start.getTime() < first ? start.getTime() + DAY : start.getTime();
  } else {
    at = Math.ceil(first / step) * step;
  }
  for (; at <= last; at += step) {
    const label = format(at);
    if (ticks[ticks.length - 1]?.label !== label) ticks.push({ at, label });
  }
  // A span shorter than one step (a few readings a few seconds apart) still says when it is.
  if (ticks.length === 0) {
    ticks.push({ at: first, label: format(first) });
    if (format(last) !== format(first)) ticks.push({ at: last, label: format(last) });
  }
  return ticks;
}

/**
 * A small line chart in SVG for the dashboard's chart widget: a time axis whose labels follow
 * the range and stay inside the card, three value ticks, and the nearest point on hover or touch.
 */
export function MiniLineChart({
  points,
  range,
  minInterval,
  format,
}: {
  points: ChartPoint[];
  /** A fixed value range (the widget's reference range), or null to follow the data. */
  range: Range | null;
  minInterval: number;
  format: (v: number) => string;
}) {
  const theme = useTheme();
  const gradientId = useId();
  const { ref, width, height } = useSize<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);

  const values = points.map((p) => p.value);
  let low = range?.min ?? Math.min(...values);
  let high = range?.max ?? Math.max(...values);
  if (!range) {
    const pad = (high - low) * 0.08 || Math.abs(high) * 0.1 || 1;
    low -= pad;
    high += pad;
  }
  const yTicks = [high, (high + low) / 2, low];
  const labelWidth = Math.max(...yTicks.map((v) => formatNumber(v).length)) * FONT * 0.62 + 6;
  const left = labelWidth;
  const right = 6;
  const top = 8;
  const bottom = FONT + 8;
  const plotW = Math.max(10, width - left - right);
  const plotH = Math.max(10, height - top - bottom);
  const first = points[0]?.fecha ?? 0;
  const last = points[points.length - 1]?.fecha ?? first;
  const x = (t: number) => left + (last === first ? plotW / 2 : ((t - first) / (last - first)) * plotW);
  const y = (v: number) => top + (1 - (v - low) / (high - low || 1)) * plotH;
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.fecha).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${x(last).toFixed(1)},${top + plotH} L${x(first).toFixed(1)},${top + plotH} Z`;
  const ticks = timeTicks(first, last, plotW, minInterval, format);
  const color = theme.palette.primary.main;
  const muted = theme.palette.text.secondary;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    let best = 0;
    for (let i = 1; i < points.length; i++) {
      const point = points[i];
      const current = points[best];
      if (point && current && Math.abs(x(point.fecha) - px) < Math.abs(x(current.fecha) - px)) best = i;
    }
    setHover(best);
  };
  const hovered = hover === null ? undefined : points[hover];

  return (
    <Box ref={ref} sx={{ width: '100%', height: '100%', minHeight: 0, position: 'relative' }}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`Gráfico de ${points.length} registros`}
        onPointerMove={onPointer}
        onPointerLeave={() => setHover(null)}
        style={{ display: 'block', touchAction: 'pan-y' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={alpha(color, 0.35)} />
            <stop offset="100%" stopColor={alpha(color, 0.02)} />
          </linearGradient>
        </defs>
        {yTicks.map((v) => (
          <g key={v}>
            <line
              x1={left}
              x2={left + plotW}
              y1={y(v)}
              y2={y(v)}
              stroke={theme.palette.divider}
              strokeWidth={1}
            />
            <text x={left - 4} y={y(v) + FONT / 3} fontSize={FONT} fill={muted} textAnchor="end">
              {formatNumber(Math.round(v * 100) / 100)}
            </text>
          </g>
        ))}
        {points.length > 1 && <path d={area} fill={`url(#${gradientId})`} />}
        <path d={line} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
        {points.length < 3 &&
          points.map((p) => <circle key={p.fecha} cx={x(p.fecha)} cy={y(p.value)} r={3} fill={color} />)}
        {ticks.map((tick) => {
          const tx = x(tick.at);
          // The first and last labels stay inside the card.
          const anchor = tx - left < 16 ? 'start' : left + plotW - tx < 16 ? 'end' : 'middle';
          return (
            <text
              key={tick.at}
              x={tx}
              y={height - 3}
              fontSize={FONT}
              fill={muted}
              textAnchor={anchor}
              data-testid="etiqueta-tiempo"
            >
              {tick.label}
            </text>
          );
        })}
        {hovered && (
          <g>
            <line
              x1={x(hovered.fecha)}
              x2={x(hovered.fecha)}
              y1={top}
              y2={top + plotH}
              stroke={theme.palette.divider}
            />
            <circle cx={x(hovered.fecha)} cy={y(hovered.value)} r={4} fill={color} />
          </g>
        )}
      </svg>
      {hovered && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            top: 2,
            right: 4,
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            fontSize: 11,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            pointerEvents: 'none',
          }}
        >
          {format(hovered.fecha)} · {formatNumber(hovered.value)}
        </Box>
      )}
    </Box>
  );
}
