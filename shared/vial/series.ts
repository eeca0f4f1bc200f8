import { accelerationMagnitudes } from './acceleration';
import type { Run } from './dat';

/** Chart series of a record (vial-data.md section 4), with the API's field names. */
export const DEFAULT_MAX_POINTS = 4000;

/**
 * Indices that survive min/max thinning, in time order: all of them when there are at most
 * `maxPoints`, otherwise the minimum and the maximum of each of `maxPoints/2` equal buckets, so
 * the chart keeps every peak and every trough.
 */
function thinnedIndices(values: ArrayLike<number>, maxPoints: number): number[] {
  if (!(maxPoints >= 2)) throw new RangeError('maxPoints must be at least 2');
  const n = values.length;
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i);
  const buckets = Math.floor(maxPoints / 2);
  const kept: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor((b * n) / buckets);
    const end = Math.floor(((b + 1) * n) / buckets);
    let lowest = start;
    let highest = start;
    for (let i = start + 1; i < end; i++) {
      if (values[i] < values[lowest]) lowest = i;
      else if (values[i] > values[highest]) highest = i;
    }
    kept.push(Math.min(lowest, highest));
    if (lowest !== highest) kept.push(Math.max(lowest, highest));
  }
  return kept;
}

export interface ThinnedSeries {
  time: number[];
  values: number[];
}

export function thinMinMax(
  time: Float64Array,
  values: Float64Array,
  maxPoints: number,
): ThinnedSeries {
  const kept = thinnedIndices(values, maxPoints);
  return { time: kept.map((i) => time[i]), values: kept.map((i) => values[i]) };
}

/** Thins values sampled every `step` seconds from 0 without materialising their time axis. */
function thinUniform(values: Float64Array, step: number, maxPoints: number): ThinnedSeries {
  const kept = thinnedIndices(values, maxPoints);
  return { time: kept.map((i) => i * step), values: kept.map((i) => values[i]) };
}

export interface AccelerationSeries {
  acceleration_time: number[];
  /** |a| in g. */
  acceleration: number[];
  maximum_acceleration: number;
}

export function accelerationSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): AccelerationSeries {
  const magnitudes = accelerationMagnitudes(run);
  const { time, values } = thinUniform(magnitudes, 1 / run.header.sampleRate, maxPoints);
  // Thinning keeps each bucket's extremes, so the thinned values hold the global maximum.
  return {
    acceleration_time: time,
    acceleration: values,
    maximum_acceleration: values.reduce((max, value) => Math.max(max, value), 0),
  };
}

export interface TemperatureSeries {
  temperature_time: number[];
  /** °C. */
  temperature: number[];
  minimum_temperature: number | null;
  maximum_temperature: number | null;
}

export function temperatureSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): TemperatureSeries {
  const scale = run.header.temperatureScale;
  const celsius = Float64Array.from(run.temperature, (count) => count * scale);
  const { time, values } = thinUniform(celsius, run.header.temperatureIntervalMs / 1000, maxPoints);
  const empty = celsius.length === 0;
  return {
    temperature_time: time,
    temperature: values,
    // As for acceleration, the thinned values hold the extremes.
    minimum_temperature: empty ? null : Math.min(...values),
    maximum_temperature: empty ? null : Math.max(...values),
  };
}

export type CumulativeMetric = 'auc' | 'auc_225hz' | 'power';

export interface CumulativeSeries {
  time: number[];
  cumulative_metric: number[];
}

/**
 * The running trapezoid sum of the dynamic acceleration (for `power`, the running mean square).
 * It accumulates exactly as computeMetrics does, so the last value equals the record's metric.
 */
export function cumulativeSeries(
  run: Run,
  metric: CumulativeMetric,
  maxPoints = DEFAULT_MAX_POINTS,
): CumulativeSeries {
  const { sampleRate } = run.header;
  const halfDt = 0.5 / sampleRate;
  const squared = metric === 'power';
  // Overwritten in place with the running value: the only array of length N.
  const values = accelerationMagnitudes(run, metric === 'auc_225hz');
  let sum = 0;
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    const d = Math.abs(values[i] - 1);
    const value = squared ? d * d : d;
    if (i > 0) sum += previous + value;
    previous = value;
    // At i = 0 the mean square over no time at all is taken as that of the single sample.
    values[i] = !squared ? sum * halfDt : i === 0 ? value : (sum * halfDt) / (i / sampleRate);
  }
  const { time, values: thinned } = thinUniform(values, 1 / sampleRate, maxPoints);
  return { time, cumulative_metric: thinned };
}
