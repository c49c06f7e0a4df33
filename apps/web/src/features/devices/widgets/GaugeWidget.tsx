import { Box, Stack, useTheme } from '@mui/material';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from '../../../shared/charts/echarts';
import { NumericWidget, type NumericWidgetProps } from './NumericWidget';
import { WidgetReadout } from './WidgetReadout';

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
              center: ['50%', '60%'],
              progress: {
                show: true,
                width: 10,
                roundCap: true,
                itemStyle: { color: theme.palette.primary.main },
              },
              axisLine: {
                roundCap: true,
                lineStyle: { width: 10, color: [[1, theme.palette.action.selected]] },
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
              detail: { show: false },
              data: [{ value: view.shown }],
            },
          ],
        };
        return (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', width: '100%' }}
          >
            <Box
              sx={{ height: '100%', maxHeight: 150, minHeight: 56, aspectRatio: '1.25' }}
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
            <WidgetReadout view={view} unit={props.unidad || null} />
          </Stack>
        );
      }}
    />
  );
}
