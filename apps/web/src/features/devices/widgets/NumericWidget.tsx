import { mensajes, readNumeric } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { CompactValue, RangeCaption, WidgetFrame, WidgetMessage } from './WidgetStates';
import { clamp, formatNumber, isOutOfRange, type Range, referenceRange } from './widgetValue';

export interface NumericWidgetProps {
  valor: string | null | undefined;
  conectado: boolean;
  /** Text-only mode for small cards. */
  compact?: boolean | undefined;
  valorMinReferencia?: number | null | undefined;
  valorMaxReferencia?: number | null | undefined;
  variableJson?: string | null | undefined;
  unidad?: string | undefined;
}

export interface NumericView {
  /** The value as received. */
  value: number;
  /** The value clamped to the reference range: what the graphic draws. */
  shown: number;
  range: Range;
  outOfRange: boolean;
  label: string;
}

/**
 * The states every numeric widget shares: no value yet, a non-numeric value, the compact
 * text mode and the full graphic, which receives the clamped value and the range.
 */
export function NumericWidget({
  testId,
  props,
  renderFull,
}: {
  testId: string;
  props: NumericWidgetProps;
  renderFull: (view: NumericView) => ReactNode;
}) {
  const reading = readNumeric(props.valor, props.variableJson);
  const range = referenceRange(props.valorMinReferencia, props.valorMaxReferencia);
  let body: ReactNode;
  if (reading.isEmpty) {
    body = <WidgetMessage tone="muted" text={mensajes.sinDatos} />;
  } else if (reading.isNonNumeric || reading.value === null) {
    body = <WidgetMessage text={mensajes.valorNoNumerico} />;
  } else {
    const outOfRange = isOutOfRange(reading.value, range);
    const view: NumericView = {
      value: reading.value,
      shown: clamp(reading.value, range),
      range,
      outOfRange,
      label: formatNumber(reading.value),
    };
    body = props.compact ? (
      <CompactValue
        text={view.label}
        unidad={props.unidad}
        hint={<RangeCaption range={range} outOfRange={outOfRange} />}
      />
    ) : (
      renderFull(view)
    );
  }
  return (
    <WidgetFrame testId={testId} conectado={props.conectado}>
      {body}
    </WidgetFrame>
  );
}
