import Box from '@mui/material/Box';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useMemo, type Ref } from 'react';
import { echarts, type EChartsType } from './echarts';
import { CHART_THEME } from './theme';

// echarts' option type is loose in echarts-for-react too; screens build theirs with the helpers
// in options.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ChartOption = Record<string, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ChartEvents = Record<string, (params: any) => void>;

interface Props {
  option: ChartOption;
  /** Said by screen readers (echarts' aria description) and the container's label. */
  ariaLabel: string;
  height?: number;
  onEvents?: ChartEvents;
  /** Receives the echarts instance, for exports and pixel conversions. */
  chartRef?: Ref<EChartsType | null>;
  testId?: string;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** An echarts chart in the app's theme, canvas-rendered, resizing with its container. */
export function EChart({ option, ariaLabel, height = 320, onEvents, chartRef, testId }: Props) {
  const withAria = useMemo(
    () => ({ aria: { enabled: true, label: { description: ariaLabel } }, ...option }),
    [option, ariaLabel],
  );
  return (
    <Box role="img" aria-label={ariaLabel} data-testid={testId} sx={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={withAria}
        theme={CHART_THEME}
        notMerge
        style={{ height: '100%', width: '100%' }}
        onEvents={onEvents}
        onChartReady={(instance: EChartsType) => assignRef(chartRef, instance)}
      />
    </Box>
  );
}
