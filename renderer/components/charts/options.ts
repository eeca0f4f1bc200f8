import { format } from 'date-fns';
import { CHART_TONES } from './theme';

/**
 * Small builders for the parts every chart of the app shares, so axes carry units, long runs
 * zoom, and reference lines and bands are labelled the same way everywhere.
 */

/** A value axis named with its unit, e.g. `valueAxis('Acceleration', 'g')`. */
export const valueAxis = (name: string, unit: string, extra: object = {}) => ({
  type: 'value',
  name: `${name} (${unit})`,
  nameLocation: 'middle',
  nameGap: 48,
  scale: true,
  ...extra,
});

export type TimeAxisMode = 'elapsed' | 'clock';

/** Elapsed seconds from the start, or the clock time of day (points then carry epoch ms). */
export const timeAxis = (mode: TimeAxisMode) =>
  mode === 'elapsed'
    ? { type: 'value', name: 'Elapsed time (s)', nameLocation: 'middle', nameGap: 28, scale: true }
    : { type: 'time', name: 'Clock time', nameLocation: 'middle', nameGap: 28 };

/** x of a sample `seconds` after the start, in the axis's terms. */
export const timeValue = (mode: TimeAxisMode, startMs: number, seconds: number) =>
  mode === 'elapsed' ? seconds : startMs + seconds * 1000;

/** How the tooltip names an x value. */
export const timeLabel = (mode: TimeAxisMode, x: number) =>
  mode === 'elapsed' ? `${x.toFixed(x < 100 ? 2 : 1)} s` : format(new Date(x), 'HH:mm:ss');

/**
 * Wheel/drag zoom on the x axis plus a slider. `filterMode: 'none'` keeps every point while
 * zoomed, so a long run opens at full extent with its peaks visible.
 */
export const xZoom = () => [
  { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
  { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 18, bottom: 8 },
];

/**
 * A horizontal reference line with its label at the end, e.g. mean or 15%: above the line inside
 * the plot, or (`'end'`) beyond its right edge, where no point can cover it (leave the grid room).
 */
export const referenceLine = (
  value: number,
  label: string,
  color: string = CHART_TONES.reference,
  type: 'solid' | 'dashed' | 'dotted' = 'dashed',
  position: 'insideEndTop' | 'end' = 'insideEndTop',
) => ({
  yAxis: value,
  name: label,
  lineStyle: { color, type, width: 1 },
  label: { formatter: label, position, color, fontSize: 11 },
});

/** The steps a value axis may take: 1, 2, 2.5 or 5 times a power of ten. */
const NICE_STEPS = [1, 2, 2.5, 5];
/** How many steps a value axis of a chart's usual height shows, at least and at most. */
const FEWEST_TICKS = 4;
const MOST_TICKS = 7;

/** A value axis's ends and step; without them, echarts chooses. */
export interface AxisScale {
  min: number;
  max?: number;
  interval?: number;
}

/**
 * A value axis that reaches from `bottom` to `top` and starts and ends on a step of 1, 2, 2.5 or
 * 5 × 10ⁿ, the narrowest such span with 4 to 7 steps: an end that is no step (echarts labels it
 * anyway) would print its label over the step next to it.
 */
export function steppedScale(bottom: number, top: number): AxisScale {
  const span = top - bottom;
  if (!(span > 0)) return { min: bottom };
  const power = Math.floor(Math.log10(span));
  const fits = [power - 2, power - 1, power]
    .flatMap((p) => NICE_STEPS.map((step) => step * 10 ** p))
    .map((interval) => ({
      interval,
      min: Math.floor(bottom / interval) * interval,
      max: Math.ceil(top / interval) * interval,
    }))
    .filter(({ interval, min, max }) => {
      const steps = Math.round((max - min) / interval);
      return steps >= FEWEST_TICKS && steps <= MOST_TICKS;
    });
  // The narrowest span; of equal spans, the fewest labels.
  fits.sort((a, b) => a.max - a.min - (b.max - b.min) || b.interval - a.interval);
  return fits[0];
}

/** A value axis from 0 that reaches `top` and ends on a step (see steppedScale). */
export function zeroBasedScale(top: number): AxisScale {
  return top > 0 ? steppedScale(0, top) : { min: 0 };
}

/**
 * A horizontal band between two values, labelled inside. `'min'` and `'max'` are the series'
 * smallest and largest values, not the axis's ends: give the axis's ends to reach them.
 */
export const band = (
  from: number | 'min',
  to: number | 'max',
  label: string,
  color: string,
  opacity = 0.12,
) => [
  {
    name: label,
    yAxis: from,
    itemStyle: { color, opacity },
    label: { color, position: 'insideTopLeft', fontSize: 11 },
  },
  { yAxis: to },
];

/** The grid margins that leave room for named axes and the zoom slider. */
export const gridWithZoom = { left: 72, right: 32, top: 36, bottom: 64 };

/** Beyond this many bars, a slider scrolls them. */
const MANY_CATEGORIES = 12;

/**
 * The x axis of a bar chart of names (lines, routes) and what goes with it: a slider and the
 * room below for it when there are many.
 */
export const categoryXAxis = (categories: string[]) => {
  const many = categories.length > MANY_CATEGORIES;
  return {
    gridBottom: many ? 96 : 64,
    dataZoom: many ? [{ type: 'slider', bottom: 8, height: 18 }] : [],
    xAxis: {
      type: 'category',
      data: categories,
      // Long names on narrow charts: slanted and cut, the tooltip has them whole.
      axisLabel: {
        interval: 0,
        rotate: categories.length > 3 ? 25 : 0,
        width: 130,
        overflow: 'truncate',
      },
    },
  };
};

/**
 * A line over a series the server already thinned (min/max buckets, a few thousand points):
 * drawn as one polyline in a single frame, without per-point symbols, entry animation or
 * echarts' own sampling, which would drop the peaks the buckets kept.
 */
export const thinnedLine = (fields: object) => ({
  type: 'line',
  sampling: 'none',
  showSymbol: false,
  symbol: 'none',
  animation: false,
  progressive: 0,
  hoverLayerThreshold: 3000,
  ...fields,
});
