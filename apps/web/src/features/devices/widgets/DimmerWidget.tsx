import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import { Slider, Stack, Typography } from '@mui/material';
import { tiempos } from '@nexo/contracts';
import { useEffect, useRef, useState } from 'react';
import { type NumericView, NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { RangeCaption } from './WidgetStates';
import { formatNumber } from './widgetValue';

export interface DimmerWidgetProps extends NumericWidgetProps {
  onSend?: ((valor: string) => void) | undefined;
}

/** Slider over the reference range; sends are debounced (spec: 100 ms) so a drag is not a flood of commands. */
export function DimmerWidget(props: DimmerWidgetProps) {
  return (
    <NumericWidget
      testId="widget-dimmer"
      props={props}
      renderFull={(view) => (
        <DimmerSlider view={view} conectado={props.conectado} onSend={props.onSend} unidad={props.unidad} />
      )}
    />
  );
}

function DimmerSlider({
  view,
  conectado,
  onSend,
  unidad,
}: {
  view: NumericView;
  conectado: boolean;
  onSend?: ((valor: string) => void) | undefined;
  unidad?: string | undefined;
}) {
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  // A new value from the device replaces the local draft once the user stops moving it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the received value changes
  useEffect(() => {
    if (!timer.current) setDraft(null);
  }, [view.shown]);
  const current = draft ?? view.shown;
  const step = view.range.max - view.range.min <= 10 ? 0.1 : 1;
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', width: '100%', px: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LightModeRoundedIcon
          sx={{
            color: 'warning.main',
            opacity: 0.35 + 0.65 * ((current - view.range.min) / (view.range.max - view.range.min)),
          }}
        />
        <Typography
          component="div"
          sx={{ fontSize: '1.75rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        >
          {draft === null ? view.label : formatNumber(draft)}
          {unidad && (
            <Typography component="span" sx={{ fontSize: '0.5em', color: 'text.secondary', ml: 0.5 }}>
              {unidad}
            </Typography>
          )}
        </Typography>
      </Stack>
      <Slider
        value={current}
        min={view.range.min}
        max={view.range.max}
        step={step}
        disabled={!conectado || !onSend}
        valueLabelDisplay="auto"
        aria-label="Dimmer"
        onChange={(_, next) => {
          const value = Array.isArray(next) ? (next[0] ?? view.range.min) : next;
          setDraft(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            timer.current = null;
            onSend?.(String(value));
          }, tiempos.dimmerDebounceMs);
        }}
        sx={{ maxWidth: 320 }}
      />
      <RangeCaption range={view.range} outOfRange={view.outOfRange} />
    </Stack>
  );
}
