import type { ReactNode } from 'react';
import type { NumericView } from './NumericWidget';
import { RangeCaption } from './WidgetStates';
import { useWidgetClasses } from './widgetClasses';

interface WidgetReadoutProps {
  view: NumericView;
  /** Printed small after the value; null prints nothing after it. */
  unit: string | null;
  /** An extra line between the value and the range. */
  children?: ReactNode;
}

/** The big value with its unit and the reference range under it, beside a numeric widget's drawing. */
export function WidgetReadout({ view, unit, children }: WidgetReadoutProps) {
  const classes = useWidgetClasses();
  return (
    <div className={classes.readout}>
      <div className={classes.value}>
        {view.label}
        {unit !== null && <span className={classes.unit}>{unit}</span>}
      </div>
      {children}
      <RangeCaption range={view.range} outOfRange={view.outOfRange} />
    </div>
  );
}
