import { Box, Stack, useTheme } from '@mui/material';
import { NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { WidgetReadout } from './WidgetReadout';
import { fraction } from './widgetValue';

// The dial sweeps 240°, from 210° (lower left) to −30° (lower right), like a car's tachometer.
const START = 210;
const SWEEP = 240;
const CX = 60;
const CY = 62;
const R = 48;

function point(angleDeg: number, radius: number): [number, number] {
  const a = (angleDeg * Math.PI) / 180;
  return [CX + radius * Math.cos(a), CY - radius * Math.sin(a)];
}

function arc(fromDeg: number, toDeg: number, radius: number): string {
  const [x1, y1] = point(fromDeg, radius);
  const [x2, y2] = point(toDeg, radius);
  const large = fromDeg - toDeg > 180 ? 1 : 0;
  return `M ${x1} ${y1} A ${radius} ${radius} 0 ${large} 1 ${x2} ${y2}`;
}

/**
 * Tachometer drawn in SVG (no chart library on the dashboard): the arc fills up to the value over
 * the reference range, and the needle stops at the range ends.
 */
export function GaugeWidget(props: NumericWidgetProps) {
  const theme = useTheme();
  return (
    <NumericWidget
      testId="widget-tacometro"
      props={props}
      renderFull={(view) => {
        const share = fraction(view.shown, view.range);
        const angle = START - share * SWEEP;
        const [nx, ny] = point(angle, R * 0.62);
        const ticks = Array.from({ length: 11 }, (_, i) => START - (i * SWEEP) / 10);
        return (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', width: '100%' }}
          >
            <Box
              sx={{ height: '100%', maxHeight: 150, minHeight: 56, aspectRatio: '1.25' }}
              role="img"
              aria-label={`${view.label}${props.unidad ?? ''}`}
            >
              <svg
                viewBox="0 0 120 96"
                width="100%"
                height="100%"
                data-testid="aguja"
                data-valor={view.shown}
                aria-hidden="true"
              >
                <path
                  d={arc(START, START - SWEEP, R)}
                  fill="none"
                  stroke={theme.palette.action.selected}
                  strokeWidth={10}
                  strokeLinecap="round"
                />
                {share > 0 && (
                  <path
                    d={arc(START, angle, R)}
                    fill="none"
                    stroke={theme.palette.primary.main}
                    strokeWidth={10}
                    strokeLinecap="round"
                  />
                )}
                {ticks.map((t) => {
                  const [x1, y1] = point(t, R - 9);
                  const [x2, y2] = point(t, R - 14);
                  return (
                    <line
                      key={t}
                      x1={x1}
                      y1={y1}
                      x2={x2}
                      y2={y2}
                      stroke={theme.palette.divider}
                      strokeWidth={1.5}
                    />
                  );
                })}
                <line
                  x1={CX}
                  y1={CY}
                  x2={nx}
                  y2={ny}
                  stroke={theme.palette.text.primary}
                  strokeWidth={4}
                  strokeLinecap="round"
                  style={{ transition: 'all 600ms ease' }}
                />
                <circle cx={CX} cy={CY} r={5} fill={theme.palette.text.primary} />
              </svg>
            </Box>
            <WidgetReadout view={view} unit={props.unidad || null} />
          </Stack>
        );
      }}
    />
  );
}
