import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { CHART_THEME, chartTheme } from './theme';

/**
 * The app's one echarts: only the charts and components its screens use, so the bundle stays
 * small. A screen needing another chart type (a bar chart, say) adds it to this list; nothing
 * imports the full `echarts` bundle. The SVG renderer, for svg exports only, comes with the first
 * (withSvgRenderer).
 */
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  AriaComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);
echarts.registerTheme(CHART_THEME, chartTheme);

/** Registers the SVG renderer, loaded on the first call: screens draw on canvas. */
export async function withSvgRenderer(): Promise<void> {
  const { SVGRenderer } = await import('./svg-renderer');
  echarts.use(SVGRenderer);
}

export { echarts };
export type { EChartsType } from 'echarts/core';
