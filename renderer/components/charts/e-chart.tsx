import Box from '@mui/material/Box';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, type Ref } from 'react';
import { echarts, type EChartsType } from './echarts';
import { CHART_THEME } from './theme';

// echarts' own option type is too strict for options assembled from parts; screens build theirs
// with the helpers in options.ts.
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

/**
 * An echarts chart in the app's theme, canvas-rendered, resizing with its container. Its echarts
 * instance is created once, when the chart mounts, and drawn in the same task (before the browser
 * paints): a new option redraws it with `setOption`, and only a real change of the container's
 * size resizes it.
 */
export function EChart({ option, ariaLabel, height = 320, onEvents, chartRef, testId }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const withAria = useMemo(
    () => ({ aria: { enabled: true, label: { description: ariaLabel } }, ...option }),
    [option, ariaLabel],
  );

  useLayoutEffect(() => {
    const element = container.current as HTMLDivElement;
    const instance = echarts.init(element, CHART_THEME);
    chart.current = instance;
    // The observer also reports the size the chart was created at: no second drawing for it.
    const observer = new ResizeObserver(() => {
      const { clientWidth, clientHeight } = element;
      if (clientWidth !== instance.getWidth() || clientHeight !== instance.getHeight()) {
        instance.resize();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    chart.current?.setOption(withAria, { notMerge: true });
  }, [withAria]);

  // After the instance exists (hooks run in order): the instance, not a stale one, is handed out.
  useImperativeHandle<EChartsType | null, EChartsType | null>(chartRef, () => chart.current, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onEvents) return;
    const handlers = Object.entries(onEvents);
    for (const [event, handler] of handlers) instance.on(event, handler);
    return () => {
      // On unmount the instance may be disposed already (layout effects are cleaned up first).
      if (instance.isDisposed()) return;
      for (const [event, handler] of handlers) instance.off(event, handler);
    };
  }, [onEvents]);

  return (
    <Box role="img" aria-label={ariaLabel} data-testid={testId} sx={{ width: '100%', height }}>
      <div ref={container} style={{ width: '100%', height: '100%' }} />
    </Box>
  );
}
