import { Box, Stack, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from '../charts/echarts';
import { NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { RangeCaption } from './WidgetStates';

/** Tachometer: an echarts gauge over the reference range; the needle stops at the range ends. */
export function GaugeWidget(props: NumericWidgetProps) {
  const theme = useTheme();
  return (
    <NumericWidget
      testId="widget-tacometro"
      props={props}
      renderFull={(view) => {
        const option = {
          animationDuration: 600,
          series: [
            {
              type: 'gauge',
              min: view.range.min,
              max: view.range.max,
              startAngle: 210,
              endAngle: -30,
              radius: '100%',
              center: ['50%', '58%'],
              progress: {
                show: true,
                width: 12,
                roundCap: true,
                itemStyle: { color: theme.palette.primary.main },
              },
              axisLine: {
                roundCap: true,
                lineStyle: { width: 12, color: [[1, theme.palette.action.selected]] },
              },
              pointer: { length: '55%', width: 5, itemStyle: { color: theme.palette.text.primary } },
              anchor: { show: true, size: 10, itemStyle: { color: theme.palette.text.primary } },
              axisTick: { show: false },
              splitLine: {
                distance: -12,
                length: 6,
                lineStyle: { color: theme.palette.divider, width: 1.5 },
              },
              axisLabel: { show: false },
              title: { show: false },
              detail: {
                valueAnimation: false,
                offsetCenter: [0, '38%'],
                fontSize: 20,
                fontWeight: 700,
                color: theme.palette.text.primary,
                formatter: () => `${view.label}${props.unidad ?? ''}`,
              },
              data: [{ value: view.shown }],
            },
          ],
        };
        return (
          <Stack sx={{ alignItems: 'center', height: '100%', width: '100%' }}>
            <Box
              sx={{ flex: 1, width: '100%', minHeight: 0 }}
              role="img"
              aria-label={`${view.label}${props.unidad ?? ''}`}
            >
              <ReactEChartsCore
                echarts={echarts}
                option={option}
                notMerge
                style={{ height: '100%', width: '100%' }}
                opts={{ renderer: 'canvas' }}
              />
            </Box>
            <RangeCaption range={view.range} outOfRange={view.outOfRange} />
          </Stack>
        );
      }}
    />
  );
}
