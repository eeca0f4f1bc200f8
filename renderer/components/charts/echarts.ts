import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  CalendarComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapPiecewiseComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { CHART_THEME, chartTheme } from './theme';

/**
 * The app's one echarts: only the charts and components its screens use, so the bundle stays
 * small. A screen needing another chart type (a bar chart, say) adds it to this list; nothing
 * imports the full `echarts` bundle. The SVG renderer is here for the svg export only.
 */
echarts.use([
  BarChart,
  LineChart,
  ScatterChart,
  HeatmapChart,
  AriaComponent,
  CalendarComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapPiecewiseComponent,
  CanvasRenderer,
  SVGRenderer,
]);
echarts.registerTheme(CHART_THEME, chartTheme);

export { echarts };
export type { EChartsType } from 'echarts/core';
