import * as echarts from 'echarts';
import { ANALYTE_NAMES, ANALYTES } from '../../shared/rejection/model';
import { ACCEPTABLE_PERCENT, LOW_PERCENT, type ReportLine } from './report-line';

const REFERENCE_LINES = [LOW_PERCENT, ACCEPTABLE_PERCENT];

/** An SVG of a chart drawn without a browser (echarts server-side rendering). */
export function renderSvg(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const categoryAxis = (lines: ReportLine[]) => ({
  type: 'category' as const,
  data: lines.map((l) => l.name),
  axisLabel: {
    rotate: lines.length > 6 ? 40 : 0,
    fontSize: 9,
    width: 90,
    overflow: 'truncate' as const,
  },
});
const grid = { left: 60, right: 20, top: 40, bottom: 90 };

export function vitalMetricChart(lines: ReportLine[], word: string, width: number, height: number) {
  return renderSvg(
    {
      title: {
        text: `VitalMetric per ${word.toLowerCase()} (mean, g·s)`,
        textStyle: { fontSize: 12 },
      },
      grid,
      xAxis: categoryAxis(lines),
      yAxis: { type: 'value', name: 'g·s' },
      series: [
        {
          type: 'bar',
          data: lines.map((l) => l.stats.auc.mean ?? 0),
          itemStyle: { color: '#4FC1BE' },
        },
      ],
    },
    width,
    height,
  );
}

export function rejectionChart(lines: ReportLine[], word: string, width: number, height: number) {
  return renderSvg(
    {
      title: {
        text: `Rejection probability per ${word.toLowerCase()} (%)`,
        textStyle: { fontSize: 12 },
      },
      legend: { top: 24, left: 'center', textStyle: { fontSize: 9 } },
      grid: { ...grid, top: 60 },
      xAxis: categoryAxis(lines),
      yAxis: {
        type: 'value',
        name: '%',
        max: (v: { max: number }) => Math.max(20, Math.ceil(v.max)),
      },
      series: ANALYTES.map((analyte, i) => ({
        type: 'bar' as const,
        name: ANALYTE_NAMES[analyte],
        data: lines.map((l) => 100 * (l.stats.auc.rejection_rates?.[analyte] ?? 0)),
        // The band limits, drawn once.
        ...(i === 0 && {
          markLine: {
            symbol: 'none',
            label: { formatter: '{c}%', fontSize: 9 },
            lineStyle: { type: 'dashed' as const, color: '#888' },
            data: REFERENCE_LINES.map((y) => ({ yAxis: y })),
          },
        }),
      })),
    },
    width,
    height,
  );
}
