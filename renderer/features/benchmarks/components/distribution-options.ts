import type { ChartOption } from '../../../components/charts/e-chart';
import { CHART_TONES } from '../../../components/charts/theme';
import type { Percentiles } from '../api/types';

/** An own figure drawn on a group's strip: a line (VitalMetric) or the lab's rate. */
export interface OwnMarker {
  name: string;
  value: number;
}

/** What a strip shows of a shown group: its percentiles and robust mean and SD (section 6). */
export interface StripFigures {
  percentiles: Percentiles;
  robustMean: number | null;
  robustSd: number | null;
}

const ROW = 0;

/**
 * One horizontal distribution (section 9): the P10–P90 whisker, the P25–P75 box, P50, x* and
 * x* ± 2s*, and each own figure as a labelled marker. `axisName` carries the unit; `format`
 * writes a value as the screen does. With `withRobust` false (the hemolysis strips) only the
 * P10–P90 strip and the markers are drawn.
 */
export function distributionOption(
  figures: StripFigures,
  markers: OwnMarker[],
  axisName: string,
  format: (value: number) => string,
  withRobust = true,
): ChartOption {
  const { p10, p25, p50, p75, p90 } = figures.percentiles;
  const { robustMean, robustSd } = figures;
  const references: { value: number; label: string; type: 'solid' | 'dashed' | 'dotted' }[] = [
    { value: p50, label: 'P50', type: 'solid' },
  ];
  if (withRobust && robustMean !== null) {
    references.push({ value: robustMean, label: 'x*', type: 'dashed' });
    if (robustSd !== null && robustSd > 0) {
      references.push(
        { value: robustMean - 2 * robustSd, label: 'x* − 2s*', type: 'dotted' },
        { value: robustMean + 2 * robustSd, label: 'x* + 2s*', type: 'dotted' },
      );
    }
  }
  const values = [p10, p90, ...references.map((r) => r.value), ...markers.map((m) => m.value)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = (high - low) * 0.08 || Math.abs(high) * 0.1 || 1;
  return {
    animation: false,
    grid: withRobust
      ? { left: 24, right: 32, top: 36, bottom: 52 }
      : { left: 16, right: 24, top: 24, bottom: 24 },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; name: string; value: [number, number] }) =>
        p.seriesName === 'Own'
          ? `${p.name}: ${format(p.value[0])}`
          : `P10 ${format(p10)} · P25 ${format(p25)} · P50 ${format(p50)} · P75 ${format(p75)} · P90 ${format(p90)}`,
    },
    xAxis: {
      type: 'value',
      ...(axisName && { name: axisName, nameLocation: 'middle', nameGap: 28 }),
      min: low - pad,
      max: high + pad,
      axisLabel: { formatter: (v: number) => format(v) },
    },
    yAxis: { type: 'category', data: [''], show: false },
    series: [
      {
        name: 'P10–P90',
        type: 'line',
        data: [
          [p10, ROW],
          [p90, ROW],
        ],
        symbol: 'path://M0,-8L0,8',
        symbolSize: [2, 16],
        lineStyle: { color: CHART_TONES.muted, width: 2 },
        itemStyle: { color: CHART_TONES.muted },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(52, 80, 107, 0.18)', borderColor: CHART_TONES.reference },
          data: [[{ xAxis: p25, name: 'P25–P75' }, { xAxis: p75 }]],
          label: { show: false },
        },
        markLine: {
          silent: true,
          symbol: 'none',
          data: references.map((r, i) => ({
            xAxis: r.value,
            name: r.label,
            lineStyle: { color: CHART_TONES.reference, type: r.type, width: 1 },
            // Alternate above and below so neighbouring labels do not overprint.
            label: {
              formatter: r.label,
              position: i % 2 === 0 ? 'end' : 'start',
              color: CHART_TONES.reference,
              fontSize: 11,
            },
          })),
        },
      },
      {
        name: 'Own',
        type: 'scatter',
        symbol: 'diamond',
        symbolSize: 14,
        itemStyle: { color: CHART_TONES.highlight, borderColor: CHART_TONES.text, borderWidth: 1 },
        label: {
          show: true,
          position: 'top',
          formatter: (p: { name: string }) => p.name,
          color: CHART_TONES.text,
          fontSize: 11,
        },
        labelLayout: { hideOverlap: false, moveOverlap: 'shiftX' },
        data: markers.map((m) => ({ name: m.name, value: [m.value, ROW] })),
      },
    ],
  };
}
