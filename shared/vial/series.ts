import { lowpassFrom, magnitude, type AxesLowpass } from './acceleration';
import type { Run } from './dat';

// A module binding rather than `Math.abs` in the per-sample loops (see acceleration.ts).
const { abs } = Math;

/** Chart series of a record (vial-data.md section 4), with the API's field names. */
export const DEFAULT_MAX_POINTS = 4000;

export interface ThinnedSeries {
  time: number[];
  values: number[];
}

/**
 * Min/max thinning: every value when there are at most `maxPoints`, otherwise the minimum and the
 * maximum of each of `maxPoints/2` equal buckets, in time order, so the chart keeps every peak and
 * every trough. Bucket b holds the values [start(b), start(b + 1)), so a run's values can be
 * computed one bucket at a time instead of held whole.
 */
class Buckets {
  readonly count: number;

  constructor(
    private readonly values: number,
    maxPoints: number,
  ) {
    if (!(maxPoints >= 2)) throw new RangeError('maxPoints must be at least 2');
    // At most maxPoints values: each is a bucket of its own, so each is kept.
    this.count = values <= maxPoints ? values : Math.floor(maxPoints / 2);
  }

  start(bucket: number): number {
    return Math.floor((bucket * this.values) / this.count);
  }

  /** The most values a bucket holds: the size of scratch arrays filled a bucket at a time. */
  get longest(): number {
    return Math.ceil(this.values / Math.max(this.count, 1)) + 1;
  }
}

/** A thinned series, built one bucket at a time. */
class Thinned implements ThinnedSeries {
  readonly time: number[] = [];
  readonly values: number[] = [];

  constructor(
    /** The time of the value at an index. */
    private readonly timeAt: (index: number) => number,
  ) {}

  /** Keeps the extremes of one bucket, whose values are `bucket[0..length)` from index `start`. */
  keepExtremes(bucket: Float64Array, length: number, start: number): void {
    let lowest = 0;
    let highest = 0;
    let low = bucket[0];
    let high = low;
    for (let j = 1; j < length; j++) {
      const value = bucket[j];
      if (value < low) {
        lowest = j;
        low = value;
      } else if (value > high) {
        highest = j;
        high = value;
      }
    }
    this.keep(Math.min(lowest, highest), bucket, start);
    if (lowest !== highest) this.keep(Math.max(lowest, highest), bucket, start);
  }

  private keep(j: number, bucket: Float64Array, start: number): void {
    this.time.push(this.timeAt(start + j));
    this.values.push(bucket[j]);
  }
}

/** Values sampled every `step` seconds from 0: their times are not materialised. */
const uniformTimes = (step: number) => (i: number) => i * step;

export function thinMinMax(
  time: Float64Array,
  values: Float64Array,
  maxPoints: number,
): ThinnedSeries {
  return thinWhole(values, maxPoints, (i) => time[i]);
}

function thinWhole(
  values: Float64Array,
  maxPoints: number,
  timeAt: (index: number) => number,
): ThinnedSeries {
  const thinned = new Thinned(timeAt);
  const buckets = new Buckets(values.length, maxPoints);
  for (let b = 0; b < buckets.count; b++) {
    const start = buckets.start(b);
    const end = buckets.start(b + 1);
    thinned.keepExtremes(values.subarray(start, end), end - start, start);
  }
  return thinned;
}

/** |a| of samples [start, start + length) into out[0..length). */
function fillMagnitudes(run: Run, start: number, length: number, out: Float64Array): void {
  const { accel } = run;
  const scale = run.header.accelScale;
  for (let j = 0, k = 3 * start; j < length; j++, k += 3) {
    out[j] = magnitude(accel[k] * scale, accel[k + 1] * scale, accel[k + 2] * scale);
  }
}

/** The same after the 225 Hz low-pass, which must be fed every sample in order. */
function fillLowpassed(
  run: Run,
  lowpass: AxesLowpass,
  start: number,
  length: number,
  out: Float64Array,
): void {
  const { accel } = run;
  const scale = run.header.accelScale;
  for (let j = 0, k = 3 * start; j < length; j++, k += 3) {
    out[j] = lowpass.magnitude(accel[k] * scale, accel[k + 1] * scale, accel[k + 2] * scale);
  }
}

export interface AccelerationSeries {
  acceleration_time: number[];
  /** |a| in g. */
  acceleration: number[];
  maximum_acceleration: number;
}

export interface TemperatureSeries {
  temperature_time: number[];
  /** °C. */
  temperature: number[];
  minimum_temperature: number | null;
  maximum_temperature: number | null;
}

export type CumulativeMetric = 'auc' | 'auc_225hz' | 'power';
const CUMULATIVE_METRICS: readonly CumulativeMetric[] = ['auc', 'auc_225hz', 'power'];

export interface CumulativeSeries {
  time: number[];
  cumulative_metric: number[];
}

/**
 * The running trapezoid sum of the dynamic acceleration |a| − 1 g (for `power`, of its square,
 * as a running mean). It accumulates exactly as computeMetrics does, so the last value equals the
 * record's metric.
 */
class RunningMetric {
  private sum = 0;
  private previous = 0;
  private readonly halfDt: number;

  constructor(
    private readonly squared: boolean,
    private readonly sampleRate: number,
  ) {
    this.halfDt = 0.5 / sampleRate;
  }

  /** Writes the metric up to each sample of `magnitudes[0..length)`, samples from `start` on. */
  fill(magnitudes: Float64Array, length: number, start: number, out: Float64Array): void {
    const { squared, halfDt, sampleRate } = this;
    let { sum, previous } = this;
    let j = 0;
    if (start === 0 && length > 0) {
      // The first sample starts the sum; the mean square over no time at all is taken as that of
      // the single sample.
      const d = abs(magnitudes[0] - 1);
      previous = squared ? d * d : d;
      out[0] = squared ? previous : 0;
      j = 1;
    }
    // One loop per kind, so the per-sample work has no branch.
    if (squared) {
      for (; j < length; j++) {
        const d = abs(magnitudes[j] - 1);
        const value = d * d;
        sum += previous + value;
        previous = value;
        out[j] = (sum * halfDt) / ((start + j) / sampleRate);
      }
    } else {
      for (; j < length; j++) {
        const value = abs(magnitudes[j] - 1);
        sum += previous + value;
        previous = value;
        out[j] = sum * halfDt;
      }
    }
    this.sum = sum;
    this.previous = previous;
  }
}

/** Which acceleration series one pass over the samples computes. */
interface Wanted {
  acceleration?: boolean;
  cumulative?: readonly CumulativeMetric[];
}

interface AccelerationPass {
  acceleration: AccelerationSeries | null;
  cumulative: Partial<Record<CumulativeMetric, CumulativeSeries>>;
}

/**
 * One pass over the samples, a bucket at a time, feeding every wanted series: |a| and the running
 * metrics, the 225 Hz low-pass only when auc_225hz is wanted. Memory: the thinned series and three
 * bucket-sized scratch arrays, never a whole run's values.
 */
function accelerationPass(run: Run, maxPoints: number, wanted: Wanted): AccelerationPass {
  const { sampleCount, sampleRate } = run.header;
  const times = uniformTimes(1 / sampleRate);
  const raw = wanted.acceleration ? new Thinned(times) : null;
  const metric = (name: CumulativeMetric) => ({
    name,
    running: new RunningMetric(name === 'power', sampleRate),
    thinned: new Thinned(times),
  });
  const rawMetrics = (['auc', 'power'] as const)
    .filter((name) => wanted.cumulative?.includes(name))
    .map(metric);
  const filtered = wanted.cumulative?.includes('auc_225hz') ? metric('auc_225hz') : null;
  // Where the low-pass does not apply (fs ≤ 450 Hz) auc_225hz is auc of the raw magnitudes.
  const lowpass = filtered ? lowpassFrom(run.header, run.accel) : null;

  const buckets = new Buckets(sampleCount, maxPoints);
  const magnitudes = new Float64Array(buckets.longest);
  const lowpassed = lowpass ? new Float64Array(buckets.longest) : magnitudes;
  const running = new Float64Array(buckets.longest);
  for (let b = 0; b < buckets.count; b++) {
    const start = buckets.start(b);
    const length = buckets.start(b + 1) - start;
    fillMagnitudes(run, start, length, magnitudes);
    if (lowpass) fillLowpassed(run, lowpass, start, length, lowpassed);
    raw?.keepExtremes(magnitudes, length, start);
    for (const m of rawMetrics) {
      m.running.fill(magnitudes, length, start, running);
      m.thinned.keepExtremes(running, length, start);
    }
    if (filtered) {
      filtered.running.fill(lowpassed, length, start, running);
      filtered.thinned.keepExtremes(running, length, start);
    }
  }

  const cumulative: AccelerationPass['cumulative'] = {};
  for (const m of filtered ? [...rawMetrics, filtered] : rawMetrics) {
    cumulative[m.name] = { time: m.thinned.time, cumulative_metric: m.thinned.values };
  }
  return {
    acceleration: raw && {
      acceleration_time: raw.time,
      acceleration: raw.values,
      // Thinning keeps each bucket's extremes, so the thinned values hold the global maximum.
      maximum_acceleration: raw.values.reduce((max, value) => Math.max(max, value), 0),
    },
    cumulative,
  };
}

export function accelerationSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): AccelerationSeries {
  return accelerationPass(run, maxPoints, { acceleration: true }).acceleration!;
}

export function temperatureSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): TemperatureSeries {
  const scale = run.header.temperatureScale;
  const celsius = Float64Array.from(run.temperature, (count) => count * scale);
  const thinned = thinWhole(
    celsius,
    maxPoints,
    uniformTimes(run.header.temperatureIntervalMs / 1000),
  );
  const empty = celsius.length === 0;
  return {
    temperature_time: thinned.time,
    temperature: thinned.values,
    // As for acceleration, the thinned values hold the extremes.
    minimum_temperature: empty ? null : Math.min(...thinned.values),
    maximum_temperature: empty ? null : Math.max(...thinned.values),
  };
}

export function cumulativeSeries(
  run: Run,
  metric: CumulativeMetric,
  maxPoints = DEFAULT_MAX_POINTS,
): CumulativeSeries {
  return accelerationPass(run, maxPoints, { cumulative: [metric] }).cumulative[metric]!;
}

/** Every chart series of a record at one max_points, the acceleration ones in a single pass. */
export interface ChartSeries {
  acceleration: AccelerationSeries;
  temperature: TemperatureSeries;
  cumulative: Record<CumulativeMetric, CumulativeSeries>;
}

export function chartSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): ChartSeries {
  const pass = accelerationPass(run, maxPoints, {
    acceleration: true,
    cumulative: CUMULATIVE_METRICS,
  });
  return {
    acceleration: pass.acceleration!,
    temperature: temperatureSeries(run, maxPoints),
    cumulative: pass.cumulative as ChartSeries['cumulative'],
  };
}
