import type * as echarts from 'echarts';
import type { ComparisonGroupDto } from '../../shared/api/comparison-studies';
import { renderSvg } from './charts';

/** A pair as the plots draw it: values in the analyte's unit, and whether it is excluded. */
export interface PlotPair {
  reference: number;
  test: number;
  excluded: boolean;
}

/** At most this many points per plot: a larger group is drawn every k-th pair (said below it). */
export const MAX_PLOTTED = 4000;

/** Every k-th pair, so a plot stays a few hundred kilobytes whatever the group's size. */
export function thinned<T>(items: T[]): { items: T[]; step: number } {
  if (items.length <= MAX_PLOTTED) return { items, step: 1 };
  const step = Math.ceil(items.length / MAX_PLOTTED);
  return { items: items.filter((_, i) => i % step === 0), step };
}

const INCLUDED = '#1565C0';
const EXCLUDED = '#9E9E9E';
const FIT = '#E65100';
const LIMIT = '#2E7D32';

const pointSeries = (name: string, data: number[][], excluded: boolean) => ({
  type: 'scatter' as const,
  name,
  data,
  symbolSize: 4,
  itemStyle: excluded
    ? { color: 'transparent', borderColor: EXCLUDED, borderWidth: 1 }
    : { color: INCLUDED, opacity: 0.7 },
});

const lineSeries = (name: string, data: number[][], color: string, dashed = false) => ({
  type: 'line' as const,
  name,
  data,
  showSymbol: false,
  lineStyle: { color, width: 1.2, type: dashed ? ('dashed' as const) : ('solid' as const) },
  itemStyle: { color },
});

/** A value axis from `min` to `max` (padded by 5%), so the lines the plot marks stay in view. */
const axis = (name: string, min?: number, max?: number) => {
  const pad = min !== undefined && max !== undefined ? (max - min || Math.abs(max) || 1) * 0.05 : 0;
  return {
    ...baseAxis(name),
    ...(min !== undefined && { min: Number((min - pad).toPrecision(3)) }),
    ...(max !== undefined && { max: Number((max + pad).toPrecision(3)) }),
  };
};

const baseAxis = (name: string) => ({
  type: 'value' as const,
  name,
  nameLocation: 'middle' as const,
  nameGap: 28,
  scale: true,
  axisLabel: { fontSize: 8 },
  nameTextStyle: { fontSize: 9 },
});

const frame = {
  animation: false,
  legend: { top: 0, textStyle: { fontSize: 8 }, itemWidth: 14, itemHeight: 8 },
  grid: { left: 55, right: 15, top: 30, bottom: 40 },
};

/**
 * The scatter plot (section 5): reference on x, test on y, the identity line, the
 * Passing-Bablok line and the decision levels marked.
 */
export function scatterPlot(
  pairs: PlotPair[],
  group: ComparisonGroupDto,
  width: number,
  height: number,
): string {
  const values = pairs.flatMap((p) => [p.reference, p.test]);
  const low = values.length ? Math.min(...values, ...group.decision_levels.map((d) => d.x)) : 0;
  const high = values.length ? Math.max(...values, ...group.decision_levels.map((d) => d.x)) : 1;
  const pb = group.passing_bablok;
  const option: echarts.EChartsOption = {
    ...frame,
    xAxis: axis(`Reference (${group.unit})`, low, high),
    yAxis: axis(`Test (${group.unit})`, low, high),
    series: [
      pointSeries(
        'Pairs',
        pairs.filter((p) => !p.excluded).map((p) => [p.reference, p.test]),
        false,
      ),
      pointSeries(
        'Excluded',
        pairs.filter((p) => p.excluded).map((p) => [p.reference, p.test]),
        true,
      ),
      {
        ...lineSeries(
          'Identity',
          [
            [low, low],
            [high, high],
          ],
          '#616161',
          true,
        ),
        markLine: group.decision_levels.length
          ? {
              symbol: 'none',
              silent: true,
              label: { formatter: 'X = {c}', fontSize: 8 },
              lineStyle: { color: LIMIT, type: 'dotted' },
              data: group.decision_levels.map((d) => ({ xAxis: d.x })),
            }
          : undefined,
      },
      ...(pb
        ? [
            lineSeries(
              'Passing-Bablok',
              [
                [low, pb.intercept + pb.slope * low],
                [high, pb.intercept + pb.slope * high],
              ],
              FIT,
            ),
          ]
        : []),
    ],
  };
  return renderSvg(option, width, height);
}

/**
 * The Bland-Altman plot on the criterion's scale (section 5): the mean of each pair on x, its
 * difference (absolute, or in percent of the reference) on y; the bias and the limits of
 * agreement, each with its confidence interval as a band.
 */
export function blandAltmanPlot(
  pairs: PlotPair[],
  group: ComparisonGroupDto,
  width: number,
  height: number,
): string {
  const percent = group.criterion.scale === 'percent';
  const ba = percent ? group.bland_altman.percent : group.bland_altman.absolute;
  const point = (p: PlotPair): number[] | null => {
    if (percent && !(p.reference > 0)) return null;
    const d = percent ? (100 * (p.test - p.reference)) / p.reference : p.test - p.reference;
    return [(p.reference + p.test) / 2, d];
  };
  const toPoints = (excluded: boolean) =>
    pairs
      .filter((p) => p.excluded === excluded)
      .map(point)
      .filter((p): p is number[] => p !== null);
  const plotted = [...toPoints(false), ...toPoints(true)];
  const ys = [
    ...plotted.map((p) => p[1]),
    0,
    ...(ba
      ? [ba.loa_lower, ba.loa_upper, ...ba.loa_lower_ci, ...ba.loa_upper_ci].filter(
          (v): v is number => v !== null,
        )
      : []),
  ];
  const xs = plotted.map((p) => p[0]);
  const band = (ci: [number | null, number | null]) =>
    ci[0] !== null && ci[1] !== null ? [[{ yAxis: ci[0] }, { yAxis: ci[1] }]] : [];
  const option: echarts.EChartsOption = {
    ...frame,
    xAxis: xs.length
      ? axis(`Mean of reference and test (${group.unit})`, Math.min(...xs), Math.max(...xs))
      : axis(`Mean of reference and test (${group.unit})`),
    yAxis: axis(
      percent ? 'Difference (%)' : `Difference (${group.unit})`,
      Math.min(...ys),
      Math.max(...ys),
    ),
    series: [
      {
        ...pointSeries('Pairs', toPoints(false), false),
        markLine: ba
          ? {
              symbol: 'none',
              silent: true,
              label: { fontSize: 8, position: 'insideEndTop', color: '#333', formatter: '{b}' },
              data: [
                { yAxis: ba.bias, name: 'Bias', lineStyle: { color: FIT, type: 'solid' } },
                { yAxis: ba.loa_lower, name: 'LoA', lineStyle: { color: LIMIT, type: 'dashed' } },
                { yAxis: ba.loa_upper, name: 'LoA', lineStyle: { color: LIMIT, type: 'dashed' } },
                { yAxis: 0, name: '0', lineStyle: { color: '#616161', type: 'dotted' } },
              ],
            }
          : undefined,
        markArea: ba
          ? {
              silent: true,
              itemStyle: { color: 'rgba(46, 125, 50, 0.12)' },
              data: [
                ...band(ba.bias_ci),
                ...band(ba.loa_lower_ci),
                ...band(ba.loa_upper_ci),
              ] as never,
            }
          : undefined,
      },
      pointSeries('Excluded', toPoints(true), true),
    ],
  };
  return renderSvg(option, width, height);
}
