import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { NumericView } from './NumericWidget';
import { RangeCaption } from './WidgetStates';

interface WidgetReadoutProps {
  view: NumericView;
  /** Printed small after the value; null prints nothing after it. */
  unit: string | null;
  /** An extra line between the value and the range. */
  children?: ReactNode;
}

/** The big value with its unit and the reference range under it, beside a numeric widget's drawing. */
export function WidgetReadout({ view, unit, children }: WidgetReadoutProps) {
  return (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Typography
        component="div"
        sx={{
          fontSize: '1.9rem',
          fontWeight: 700,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {view.label}
        {unit !== null && (
          <Typography component="span" sx={{ fontSize: '0.95rem', color: 'text.secondary', ml: 0.5 }}>
            {unit}
          </Typography>
        )}
      </Typography>
      {children}
      <RangeCaption range={view.range} outOfRange={view.outOfRange} />
    </Stack>
  );
}
