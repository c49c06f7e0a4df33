import { Box, CircularProgress } from '@mui/material';
import { mensajes, readNumeric } from '@nexo/contracts';
import { formatDiaMes, formatHora } from '../../../shared/format/fechas';
import type { HistorialWidgetRegistro } from '../../history';
import { MiniLineChart } from './MiniLineChart';
import { CompactValue, WidgetFrame, WidgetMessage } from './WidgetStates';
import { clamp, formatNumber, referenceRange } from './widgetValue';

export interface ChartWidgetProps {
  registros: HistorialWidgetRegistro[] | undefined;
  isLoading?: boolean;
  conectado: boolean;
  compact?: boolean | undefined;
  valor: string | null | undefined;
  variableJson?: string | null | undefined;
  valorMinReferencia?: number | null | undefined;
  valorMaxReferencia?: number | null | undefined;
  unidad?: string | undefined;
}

const DAY_MS = 86_400_000;

/**
 * The time axis of a small chart: hh:mm (24 h) for spans up to two days, dd/mm beyond; ticks never
 * closer than one minute or one day, so a label is never repeated.
 */
export function timeAxisFor(first: number, last: number) {
  const long = last - first > 2 * DAY_MS;
  return {
    minInterval: long ? DAY_MS : 60_000,
    format: (v: number) => (long ? formatDiaMes(v) : formatHora(v)),
  };
}

/** Mini line chart of the last hours (SVG, no chart library); values outside a configured reference range are drawn at its edge. */
export function ChartWidget(props: ChartWidgetProps) {
  const hasRange =
    typeof props.valorMinReferencia === 'number' && typeof props.valorMaxReferencia === 'number';
  const range = hasRange ? referenceRange(props.valorMinReferencia, props.valorMaxReferencia) : null;
  const points = (props.registros ?? [])
    .map((r) => ({ fecha: r.fecha, value: readNumeric(r.valor, props.variableJson).value }))
    .filter((p): p is { fecha: number; value: number } => p.value !== null)
    .sort((a, b) => a.fecha - b.fecha);

  let body: React.ReactNode;
  if (props.compact) {
    const reading = readNumeric(props.valor, props.variableJson);
    body = reading.isEmpty ? (
      <WidgetMessage tone="muted" text={mensajes.sinDatos} />
    ) : reading.value === null ? (
      <WidgetMessage text={mensajes.valorNoNumerico} />
    ) : (
      <CompactValue text={formatNumber(reading.value)} unidad={props.unidad} />
    );
  } else if (props.isLoading) {
    body = <CircularProgress size={24} aria-label={mensajes.cargando} />;
  } else if (points.length === 0) {
    body = <WidgetMessage tone="muted" text={mensajes.sinRegistros} />;
  } else {
    const axis = timeAxisFor(points[0]?.fecha ?? 0, points[points.length - 1]?.fecha ?? 0);
    const serie = points.map((p) => ({ fecha: p.fecha, value: range ? clamp(p.value, range) : p.value }));
    body = (
      <Box
        data-testid="grafico"
        data-puntos={points.length}
        data-serie={JSON.stringify(serie.map((p) => [p.fecha, p.value]))}
        sx={{ width: '100%', height: '100%', minHeight: 0 }}
      >
        <MiniLineChart points={serie} range={range} minInterval={axis.minInterval} format={axis.format} />
      </Box>
    );
  }
  return (
    <WidgetFrame testId="widget-grafico" conectado={props.conectado}>
      {body}
    </WidgetFrame>
  );
}
