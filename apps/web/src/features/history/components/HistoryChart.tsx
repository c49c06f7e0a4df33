import { Box, useTheme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { mensajes, type PuntoGrafico } from '@nexo/contracts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { formatDiaMes, formatHora } from '../../../shared/format/fechas';
import { echarts } from '../charts';
import { formatLocal } from '../range';

export interface LivePoint {
  ts: number;
  value: number;
}

interface HistoryChartProps {
  puntos: PuntoGrafico[];
  /** Values received live after the query, appended to the average line. */
  live: LivePoint[];
  unidad?: string | undefined;
}

const number = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/**
 * The history line chart: the bucket average as a line over a min–max band (so spikes stay
 * visible at any zoom), with zoom by wheel / drag and a slider.
 */
export function HistoryChart({ puntos, live, unidad }: HistoryChartProps) {
  const theme = useTheme();
  const liveAfter = useMemo(() => {
    const lastTs = puntos.at(-1)?.ts ?? 0;
    return live.filter((p) => p.ts > lastTs);
  }, [puntos, live]);
  const option = useMemo(() => {
    const suffix = unidad ? ` ${unidad}` : '';
    const color = theme.palette.primary.main;
    return {
      animation: false,
      grid: { left: 56, right: 24, top: 40, bottom: 72 },
      legend: {
        top: 4,
        data: [mensajes.historialPromedio, `${mensajes.historialMinimo} – ${mensajes.historialMaximo}`],
      },
      tooltip: {
        trigger: 'axis',
        formatter: (params: { dataIndex: number; seriesIndex: number; value: [number, number] }[]) => {
          const first = params[0];
          if (!first) return '';
          const bucket = first.seriesIndex <= 2 ? puntos[first.dataIndex] : undefined;
          const ts = first.value[0];
          if (!bucket || bucket.min === bucket.max) {
            const avg = params.find((p) => p.seriesIndex === 2 || p.seriesIndex === 3);
            return `${formatLocal(ts)}<br/>${mensajes.historialValor}: <b>${number.format(avg?.value[1] ?? bucket?.avg ?? 0)}${suffix}</b>`;
          }
          return [
            formatLocal(ts),
            `${mensajes.historialMaximo}: <b>${number.format(bucket.max)}${suffix}</b>`,
            `${mensajes.historialPromedio}: <b>${number.format(bucket.avg)}${suffix}</b>`,
            `${mensajes.historialMinimo}: <b>${number.format(bucket.min)}${suffix}</b>`,
          ].join('<br/>');
        },
      },
      // On a phone the time labels would run into each other.
      xAxis: {
        type: 'time',
        // Day ticks as DD/MM, the others as HH:mm (24 h), in the user's time zone; never "Nov 27".
        axisLabel: {
          hideOverlap: true,
          formatter: (v: number) => (formatHora(v) === '00:00' ? formatDiaMes(v) : formatHora(v)),
        },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { formatter: (v: number) => `${number.format(v)}${suffix}` },
      },
      dataZoom: [
        { type: 'inside', filterMode: 'none' },
        { type: 'slider', filterMode: 'none', bottom: 16 },
      ],
      series: [
        {
          name: 'min',
          type: 'line',
          stack: 'banda',
          symbol: 'none',
          lineStyle: { opacity: 0 },
          data: puntos.map((p) => [p.ts, p.min]),
          tooltip: { show: false },
        },
        {
          name: `${mensajes.historialMinimo} – ${mensajes.historialMaximo}`,
          type: 'line',
          stack: 'banda',
          symbol: 'none',
          lineStyle: { opacity: 0 },
          areaStyle: { color: alpha(color, 0.2) },
          itemStyle: { color: alpha(color, 0.35) },
          data: puntos.map((p) => [p.ts, p.max - p.min]),
        },
        {
          name: mensajes.historialPromedio,
          type: 'line',
          symbol: puntos.length > 200 ? 'none' : 'circle',
          showSymbol: puntos.length <= 200,
          itemStyle: { color },
          lineStyle: { width: 1.5 },
          data: puntos.map((p) => [p.ts, p.avg]),
        },
        {
          name: 'live',
          type: 'line',
          symbol: 'circle',
          itemStyle: { color: theme.palette.secondary.main },
          lineStyle: { width: 1.5 },
          // Starts at the last fetched bucket so the live values continue the line.
          data: [
            ...(liveAfter.length > 0 && puntos.length > 0
              ? [[puntos[puntos.length - 1]?.ts ?? 0, puntos[puntos.length - 1]?.avg ?? 0]]
              : []),
            ...liveAfter.map((p) => [p.ts, p.value]),
          ],
        },
      ],
    };
  }, [puntos, liveAfter, unidad, theme]);

  return (
    <Box
      data-testid="history-chart"
      data-live-points={liveAfter.length}
      sx={{ width: '100%', height: { xs: 320, md: 420 } }}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}
