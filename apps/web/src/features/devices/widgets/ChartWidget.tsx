import { Box, CircularProgress, useTheme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { mensajes, readNumeric } from '@nexo/contracts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from '../../../shared/charts/echarts';
import type { HistorialWidgetRegistro } from '../../history';
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

const timeFormat = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateFormat = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit' });
const DAY_MS = 86_400_000;

/**
 * The time axis of a small chart: hh:mm (24 h) for spans up to two days, dd/mm beyond; ticks never
 * closer than one minute or one day, so a label is never repeated.
 */
export function timeAxisFor(first: number, last: number) {
  const long = last - first > 2 * DAY_MS;
  return {
    minInterval: long ? DAY_MS : 60_000,
    format: (v: number) => (long ? dateFormat : timeFormat).format(v),
  };
}

/** Mini line chart of the last hours; values outside a configured reference range are drawn at its edge. */
export function ChartWidget(props: ChartWidgetProps) {
  const theme = useTheme();
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
    const color = theme.palette.primary.main;
    const axis = timeAxisFor(points[0]?.fecha ?? 0, points[points.length - 1]?.fecha ?? 0);
    const option = {
      animation: false,
      grid: { left: 6, right: 16, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number) => formatNumber(v),
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary, fontSize: 12 },
      },
      xAxis: {
        type: 'time',
        minInterval: axis.minInterval,
        axisLabel: {
          fontSize: 9,
          color: theme.palette.text.secondary,
          formatter: axis.format,
          hideOverlap: true,
          // The first and last labels stay inside the card.
          alignMinLabel: 'left',
          alignMaxLabel: 'right',
        },
        axisLine: { lineStyle: { color: theme.palette.divider } },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        scale: !range,
        ...(range ? { min: range.min, max: range.max } : {}),
        axisLabel: { fontSize: 9, color: theme.palette.text.secondary },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      series: [
        {
          type: 'line',
          smooth: true,
          showSymbol: points.length < 3,
          lineStyle: { width: 2, color },
          itemStyle: { color },
          areaStyle: {
            color: new echarts.graphic.LinearGradient(0, 0, 0, 1, [
              { offset: 0, color: alpha(color, 0.35) },
              { offset: 1, color: alpha(color, 0.02) },
            ]),
          },
          data: points.map((p) => [p.fecha, range ? clamp(p.value, range) : p.value]),
        },
      ],
    };
    body = (
      <Box
        data-testid="grafico"
        data-puntos={points.length}
        sx={{ width: '100%', height: '100%', minHeight: 0 }}
      >
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          notMerge
          style={{ height: '100%', width: '100%' }}
        />
      </Box>
    );
  }
  return (
    <WidgetFrame testId="widget-grafico" conectado={props.conectado}>
      {body}
    </WidgetFrame>
  );
}
