import { Box, Stack, Typography, useTheme } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useId } from 'react';
import { NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { WidgetReadout } from './WidgetReadout';
import { fraction } from './widgetValue';

const wave = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-80px); }
`;

/** A tank in SVG whose liquid rises to the value's position in the range, with a moving surface. */
export function LiquidLevelWidget(props: NumericWidgetProps) {
  const theme = useTheme();
  const clipId = useId();
  return (
    <NumericWidget
      testId="widget-liquido"
      props={props}
      renderFull={(view) => {
        const f = fraction(view.shown, view.range);
        // Tank interior spans y=8..112 (104 units).
        const level = 112 - f * 104;
        const liquid = theme.palette.primary.main;
        const percent = Math.round(f * 100);
        return (
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', width: '100%' }}
          >
            <Box
              sx={{ position: 'relative', height: '100%', maxHeight: 140, minHeight: 56, aspectRatio: '0.8' }}
            >
              <Box
                component="svg"
                viewBox="0 0 96 120"
                role="img"
                aria-label={`${view.label}${props.unidad ?? ''} (${percent}%)`}
                sx={{ width: '100%', height: '100%', display: 'block' }}
              >
                <defs>
                  <clipPath id={clipId}>
                    <rect x="8" y="8" width="80" height="104" rx="12" />
                  </clipPath>
                </defs>
                <rect
                  x="6"
                  y="6"
                  width="84"
                  height="108"
                  rx="14"
                  fill={theme.palette.action.hover}
                  stroke={theme.palette.divider}
                  strokeWidth="2"
                />
                <g clipPath={`url(#${clipId})`}>
                  <g
                    style={{
                      transform: `translateY(${level}px)`,
                      transition: 'transform 800ms cubic-bezier(.2,.8,.2,1)',
                    }}
                    data-testid="liquido-nivel"
                    data-fraccion={f.toFixed(3)}
                  >
                    <Box
                      component="path"
                      d="M0 4 Q 20 -4 40 4 T 80 4 T 120 4 T 160 4 T 200 4 V 130 H 0 Z"
                      fill={liquid}
                      opacity={0.35}
                      sx={{ animation: `${wave} 3.2s linear infinite` }}
                    />
                    <Box
                      component="path"
                      d="M0 6 Q 20 0 40 6 T 80 6 T 120 6 T 160 6 T 200 6 V 130 H 0 Z"
                      fill={liquid}
                      opacity={0.85}
                      sx={{ animation: `${wave} 2.2s linear infinite reverse` }}
                    />
                  </g>
                </g>
                {[0.25, 0.5, 0.75].map((tick) => (
                  <line
                    key={tick}
                    x1="78"
                    x2="88"
                    y1={112 - tick * 104}
                    y2={112 - tick * 104}
                    stroke={theme.palette.text.secondary}
                    strokeOpacity="0.5"
                    strokeWidth="1"
                  />
                ))}
              </Box>
            </Box>
            <WidgetReadout view={view} unit={props.unidad ?? ''}>
              {props.unidad !== '%' && (
                <Typography variant="caption" color="textSecondary">
                  {percent}%
                </Typography>
              )}
            </WidgetReadout>
          </Stack>
        );
      }}
    />
  );
}
