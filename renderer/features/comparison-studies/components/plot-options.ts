import { steppedScale, type AxisScale } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatNumber } from '../../../lib/format';

/**
 * The two plots of a group (method-comparison.md sections 5 and 6), as echarts options built from
 * plain figures: the scatter plot (reference on x, test on y, the identity line, the
 * Passing-Bablok line, the decision levels) and the Bland-Altman plot on the criterion's scale
 * (each pair's difference against the mean of the two values; the bias and the limits of
 * agreement with their intervals as bands, and the criterion's limit).
 */

/** One pair as the plots draw it. */
export interface PlotPair {
  id: number;
  reference: number;
  test: number;
  outlier: boolean;
}

export interface ScatterInput {
  pairs: PlotPair[];
  unit: string;
  /** The Passing-Bablok line, when it exists. */
  passingBablok: { slope: number; intercept: number } | null;
  decisionLevels: number[];
  /** Decimals of the analyte's values in tooltips. */
  decimals: number;
}

/**
 * An axis over some values, widened a little so points do not sit on the frame, from a step to a
 * step (steppedScale: no end label printed over its neighbour).
 */
function axisOver(values: number[]): Required<AxisScale> {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = (high - low) * 0.05 || Math.abs(high) * 0.05 || 1;
  const scale = steppedScale(low - pad, high + pad);
  return {
    min: scale.min,
    max: scale.max ?? high + pad,
    interval: scale.interval ?? (high - low + 2 * pad) / 5,
  };
}

const pointsOf = (pairs: PlotPair[], outlier: boolean, value: (p: PlotPair) => [number, number]) =>
  pairs.filter((p) => p.outlier === outlier).map((p) => ({ value: value(p), id: p.id }));

const OUTLIER_SYMBOL = { symbol: 'diamond', symbolSize: 11, itemStyle: { color: CHART_TONES.bad } };

export function scatterOption({
  pairs,
  unit,
  passingBablok,
  decisionLevels,
  decimals,
}: ScatterInput) {
  if (!pairs.length) return null;
  const scale = axisOver(pairs.flatMap((p) => [p.reference, p.test]));
  const [low, high] = [scale.min, scale.max];
  const fmt = (v: number) => formatNumber(v, decimals);
  const xy = (p: PlotPair): [number, number] => [p.reference, p.test];
  const series: object[] = [
    {
      type: 'scatter',
      name: 'Pairs',
      symbolSize: 8,
      data: pointsOf(pairs, false, xy),
      markLine: decisionLevels.length
        ? {
            silent: true,
            symbol: 'none',
            data: decisionLevels.map((x) => ({
              xAxis: x,
              name: `Decision level ${fmt(x)} ${unit}`,
              lineStyle: { color: CHART_TONES.warning, type: 'dotted', width: 1 },
              label: { formatter: `Decision level ${fmt(x)}`, color: CHART_TONES.warning },
            })),
          }
        : undefined,
    },
    { type: 'scatter', name: 'Outliers', ...OUTLIER_SYMBOL, data: pointsOf(pairs, true, xy) },
    {
      type: 'line',
      name: 'Identity (y = x)',
      symbol: 'none',
      silent: true,
      lineStyle: { type: 'dashed', color: CHART_TONES.muted, width: 1 },
      data: [
        [low, low],
        [high, high],
      ],
    },
  ];
  if (passingBablok) {
    const { slope, intercept } = passingBablok;
    series.push({
      type: 'line',
      name: 'Passing-Bablok',
      symbol: 'none',
      silent: true,
      lineStyle: { color: CHART_TONES.reference, width: 2 },
      data: [
        [low, intercept + slope * low],
        [high, intercept + slope * high],
      ],
    });
  }
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number] }) =>
        `${p.seriesName}<br/>Reference: ${fmt(p.value[0])} ${unit}<br/>Test: ${fmt(p.value[1])} ${unit}`,
    },
    legend: { top: 0 },
    grid: { left: 80, right: 40, top: 40, bottom: 56 },
    xAxis: {
      type: 'value',
      name: `Reference, hand-carried (${unit})`,
      nameLocation: 'middle',
      nameGap: 30,
      ...scale,
      axisLabel: { formatter: fmt },
    },
    yAxis: {
      type: 'value',
      name: `Test, through the line (${unit})`,
      nameLocation: 'middle',
      nameGap: 48,
      ...scale,
      axisLabel: { formatter: fmt },
    },
    series,
  };
}

/** Bland-Altman figures on one scale (the API's BA shape, read by field). */
export interface BlandAltmanFigures {
  bias: number | null;
  bias_ci: readonly (number | null)[] | null;
  loa_lower: number | null;
  loa_lower_ci: readonly (number | null)[] | null;
  loa_upper: number | null;
  loa_upper_ci: readonly (number | null)[] | null;
}

export interface BlandAltmanInput {
  pairs: PlotPair[];
  /** 'percent': differences in % of the reference (pairs with a reference of 0 are left out). */
  scale: 'absolute' | 'percent';
  unit: string;
  figures: BlandAltmanFigures | null;
  /** The criterion's limit on this scale, drawn at ±L; null when the criterion is on the other. */
  limit: number | null;
  /** 'RCV' for a reference change value, 'L' for a bias criterion. */
  limitName: string;
  decimals: number;
}

const band = (ci: BlandAltmanFigures['bias_ci'], label: string, color: string) => {
  if (!ci || ci[0] === null || ci[1] === null || ci[0] === undefined || ci[1] === undefined)
    return null;
  return [
    { yAxis: ci[0], name: label, itemStyle: { color, opacity: 0.14 }, label: { show: false } },
    { yAxis: ci[1] },
  ];
};

export function blandAltmanOption({
  pairs,
  scale,
  unit,
  figures,
  limit,
  limitName,
  decimals,
}: BlandAltmanInput) {
  const usable = scale === 'percent' ? pairs.filter((p) => p.reference > 0) : pairs;
  if (!usable.length) return null;
  const diffUnit = scale === 'percent' ? '%' : unit;
  const diffDecimals = scale === 'percent' ? 1 : decimals;
  const fmt = (v: number) => formatNumber(v, diffDecimals);
  const point = (p: PlotPair): [number, number] => [
    (p.reference + p.test) / 2,
    scale === 'percent' ? (100 * (p.test - p.reference)) / p.reference : p.test - p.reference,
  ];
  const lines: object[] = [];
  const areas: object[] = [];
  const line = (value: number | null, label: string, color: string, type = 'dashed') => {
    if (value === null) return;
    lines.push({
      yAxis: value,
      name: label,
      lineStyle: { color, type, width: 1.5 },
      label: { formatter: `${label} ${fmt(value)}`, position: 'insideEndTop', color, fontSize: 11 },
    });
  };
  if (figures) {
    line(figures.bias, 'Bias', CHART_TONES.reference, 'solid');
    line(figures.loa_lower, 'Lower LoA', CHART_TONES.muted);
    line(figures.loa_upper, 'Upper LoA', CHART_TONES.muted);
    for (const area of [
      band(figures.bias_ci, 'Bias interval', CHART_TONES.reference),
      band(figures.loa_lower_ci, 'Lower LoA interval', CHART_TONES.muted),
      band(figures.loa_upper_ci, 'Upper LoA interval', CHART_TONES.muted),
    ])
      if (area) areas.push(area);
  }
  if (limit !== null) {
    line(limit, `+${limitName}`, CHART_TONES.bad, 'dotted');
    line(-limit, `−${limitName}`, CHART_TONES.bad, 'dotted');
  }
  const points = usable.map(point);
  const ys = [
    ...points.map(([, y]) => y),
    ...(limit !== null ? [limit, -limit] : []),
    ...(figures?.loa_lower_ci?.filter((v): v is number => typeof v === 'number') ?? []),
    ...(figures?.loa_upper_ci?.filter((v): v is number => typeof v === 'number') ?? []),
    0,
  ];
  const yScale = axisOver(ys);
  const xScale = axisOver(points.map(([x]) => x));
  const byOutlier = (outlier: boolean) =>
    usable.filter((p) => p.outlier === outlier).map((p) => ({ value: point(p), id: p.id }));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; value: [number, number] }) =>
        `${p.seriesName}<br/>Mean: ${formatNumber(p.value[0], decimals)} ${unit}<br/>Difference: ${fmt(p.value[1])} ${diffUnit}`,
    },
    legend: { top: 0 },
    grid: { left: 80, right: 40, top: 40, bottom: 56 },
    xAxis: {
      type: 'value',
      name: `Mean of test and reference (${unit})`,
      nameLocation: 'middle',
      nameGap: 30,
      ...xScale,
      axisLabel: { formatter: (v: number) => formatNumber(v, decimals) },
    },
    yAxis: {
      type: 'value',
      name: scale === 'percent' ? 'Difference, test − reference (%)' : `Difference (${unit})`,
      nameLocation: 'middle',
      nameGap: 48,
      ...yScale,
      axisLabel: { formatter: fmt },
    },
    series: [
      {
        type: 'scatter',
        name: 'Pairs',
        symbolSize: 8,
        data: byOutlier(false),
        markLine: { silent: true, symbol: 'none', data: lines },
        markArea: { silent: true, data: areas },
      },
      { type: 'scatter', name: 'Outliers', ...OUTLIER_SYMBOL, data: byOutlier(true) },
    ],
  };
}
