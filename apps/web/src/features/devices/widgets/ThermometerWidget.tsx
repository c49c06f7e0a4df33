import { useTheme } from '@mui/material';
import { useId } from 'react';
import { NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { WidgetReadout } from './WidgetReadout';
import { useWidgetClasses } from './widgetClasses';
import { fraction } from './widgetValue';

/** Thermometer drawn in SVG: the column height is the value's position in the reference range. */
export function ThermometerWidget(props: NumericWidgetProps) {
  const theme = useTheme();
  const classes = useWidgetClasses();
  const gradientId = useId();
  return (
    <NumericWidget
      testId="widget-termometro"
      props={props}
      renderFull={(view) => {
        const f = fraction(view.shown, view.range);
        // Tube interior spans y=14..104 in the viewBox; the bulb sits below it.
        const top = 104 - f * 90;
        const hot = theme.palette.error.main;
        const cold = theme.palette.info.main;
        return (
          <div className={classes.thermometer}>
            <svg
              className={classes.thermometerTube}
              viewBox="0 0 60 140"
              role="img"
              aria-label={`${view.label}${props.unidad ?? ''}`}
            >
              <defs>
                <linearGradient id={gradientId} x1="0" y1="1" x2="0" y2="0">
                  <stop offset="0%" stopColor={cold} />
                  <stop offset="100%" stopColor={hot} />
                </linearGradient>
              </defs>
              <rect
                x="21"
                y="6"
                width="18"
                height="106"
                rx="9"
                fill={theme.palette.action.hover}
                stroke={theme.palette.divider}
                strokeWidth="1.5"
              />
              <circle
                cx="30"
                cy="120"
                r="15"
                fill={theme.palette.action.hover}
                stroke={theme.palette.divider}
                strokeWidth="1.5"
              />
              <rect
                data-testid="termometro-columna"
                data-fraccion={f.toFixed(3)}
                x="25"
                y={top}
                width="10"
                height={112 - top}
                rx="5"
                fill={`url(#${gradientId})`}
                style={{ transition: 'y 600ms ease, height 600ms ease' }}
              />
              <circle
                cx="30"
                cy="120"
                r="11"
                fill={f > 0.5 ? hot : cold}
                style={{ transition: 'fill 600ms' }}
              />
              {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
                <line
                  key={tick}
                  x1="41"
                  x2={tick % 0.5 === 0 ? 49 : 46}
                  y1={104 - tick * 90}
                  y2={104 - tick * 90}
                  stroke={theme.palette.text.secondary}
                  strokeWidth="1.2"
                />
              ))}
            </svg>
            <WidgetReadout view={view} unit={props.unidad ?? '°C'} />
          </div>
        );
      }}
    />
  );
}
