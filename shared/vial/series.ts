import { lowpassFrom, magnitude as magnitudeOf, type AxesLowpass } from './acceleration';
import type { Run, RunHeader } from './dat';
import { Extremes, type SeriesSink } from './extremes';
import { AccelerationPass } from './metrics';

// Module bindings rather than `Math.abs` or the import in the per-sample loops (see metrics.ts).
const { abs } = Math;
const magnitude = magnitudeOf;

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

/** Where a pass fed its samples in pieces stands among its buckets. */
class BucketCursor {
  /** Samples taken so far. */
  received = 0;
  /** The bucket being filled, and where it starts and ends. */
  private bucket = 0;
  private bucketStart = 0;
  private bucketEnd: number;

  constructor(private readonly buckets: Buckets) {
    this.bucketEnd = buckets.count > 0 ? buckets.start(1) : 0;
  }

  /** How many samples the bucket being filled still takes: 0 once every bucket is full. */
  get room(): number {
    return this.bucket < this.buckets.count ? this.bucketEnd - this.received : 0;
  }

  /** The index in its bucket of the next sample. */
  get at(): number {
    return this.received - this.bucketStart;
  }

  /** Takes `length` samples: answers where the bucket they filled starts, or -1 until it is full. */
  take(length: number): number {
    this.received += length;
    if (this.received !== this.bucketEnd) return -1;
    const start = this.bucketStart;
    this.bucket++;
    this.bucketStart = this.bucketEnd;
    this.bucketEnd = this.buckets.start(this.bucket + 1);
    return start;
  }
}

/**
 * Bucket-sized arrays written a value at a time, indexed and nothing else. With the prototypes
 * frozen (freezePrototypes, as in the server and its metrics threads) V8 stores into arrays and
 * typed arrays through a slow path, 25× slower and more (Node 24: the series took four times the
 * metrics beside them), unless the array has no prototype at all: a Float64Array without one
 * stores at full speed, frozen or not.
 */
type Scratch = { [index: number]: number };
const scratch = (length: number): Scratch =>
  Object.setPrototypeOf(new Float64Array(length), null) as Scratch;

/** A thinned series, built one bucket at a time. */
class Thinned implements ThinnedSeries {
  readonly time: number[] = [];
  readonly values: number[] = [];
  private readonly scan = new Extremes();

  constructor(
    /** The time of the value at an index. */
    private readonly timeAt: (index: number) => number,
  ) {}

  /** Keeps the extremes of one bucket, whose values are `bucket[0..length)` from index `start`. */
  keepExtremes(bucket: Scratch, length: number, start: number): void {
    const { scan } = this;
    for (let j = 0; j < length; j++) scan.see(bucket[j], j);
    this.keepBucket(scan, start);
  }

  /** Keeps the extremes of a bucket seen whole, in time order; its first value is at `start`. */
  keepBucket({ low, high, lowest, highest }: Extremes, start: number): void {
    if (highest < lowest) this.keep(start + highest, high);
    this.keep(start + lowest, low);
    if (highest > lowest) this.keep(start + highest, high);
  }

  private keep(index: number, value: number): void {
    this.time.push(this.timeAt(index));
    this.values.push(value);
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

const CUMULATIVE_METRICS = ['auc', 'auc_225hz', 'power'] as const;
export type CumulativeMetric = (typeof CUMULATIVE_METRICS)[number];

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
  fill(magnitudes: Scratch, length: number, start: number, out: Scratch): void {
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

interface SamplesSeries {
  acceleration: AccelerationSeries | null;
  cumulative: Partial<Record<CumulativeMetric, CumulativeSeries>>;
}

/**
 * One pass over the samples feeding every wanted series: |a| and the running metrics, the 225 Hz
 * low-pass only when auc_225hz is wanted. The samples may come in pieces of any size (a run in
 * memory, or streamed like AccelerationPass): the run's sample count, from its header, fixes the
 * buckets, each piece's magnitudes are written into the current bucket, and a bucket is thinned
 * once it is full, so any split gives the same series to the last bit. Memory: the thinned series
 * and three bucket-sized scratch arrays, never a whole run's values.
 */
class SamplesPass {
  private readonly scale: number;
  private readonly buckets: Buckets;
  private readonly raw: Thinned | null;
  private readonly rawMetrics: {
    running: RunningMetric;
    thinned: Thinned;
    name: CumulativeMetric;
  }[];
  private readonly filtered: {
    running: RunningMetric;
    thinned: Thinned;
    name: CumulativeMetric;
  } | null;
  private lowpass: AxesLowpass | null = null;
  private readonly magnitudes: Scratch;
  private readonly lowpassed: Scratch;
  private readonly running: Scratch;
  private readonly cursor: BucketCursor;

  constructor(
    private readonly header: RunHeader,
    maxPoints: number,
    wanted: Wanted,
  ) {
    const { sampleCount, sampleRate } = header;
    this.scale = header.accelScale;
    const times = uniformTimes(1 / sampleRate);
    this.raw = wanted.acceleration ? new Thinned(times) : null;
    const metric = (name: CumulativeMetric) => ({
      name,
      running: new RunningMetric(name === 'power', sampleRate),
      thinned: new Thinned(times),
    });
    this.rawMetrics = (['auc', 'power'] as const)
      .filter((name) => wanted.cumulative?.includes(name))
      .map(metric);
    this.filtered = wanted.cumulative?.includes('auc_225hz') ? metric('auc_225hz') : null;
    this.buckets = new Buckets(sampleCount, maxPoints);
    this.cursor = new BucketCursor(this.buckets);
    this.magnitudes = scratch(this.buckets.longest);
    this.lowpassed = scratch(this.filtered ? this.buckets.longest : 0);
    this.running = scratch(this.buckets.longest);
  }

  /** Feeds the next whole samples: interleaved x, y, z counts. */
  add(accel: Int16Array): void {
    const n = accel.length / 3;
    const { cursor } = this;
    if (cursor.received === 0 && n > 0 && this.filtered) {
      this.lowpass = lowpassFrom(this.header, accel);
    }
    for (let from = 0; from < n && cursor.room > 0;) {
      const length = Math.min(n - from, cursor.room);
      const at = cursor.at;
      this.fill(accel, from, length, at);
      from += length;
      const start = cursor.take(length);
      if (start >= 0) this.thinBucket(start, at + length);
    }
  }

  /** |a| (and its low-passed twin) of accel's samples [from, from + length) into the bucket. */
  private fill(accel: Int16Array, from: number, length: number, at: number): void {
    const { scale, magnitudes, lowpass, lowpassed } = this;
    for (let j = at, end = at + length, k = 3 * from; j < end; j++, k += 3) {
      magnitudes[j] = magnitude(accel[k] * scale, accel[k + 1] * scale, accel[k + 2] * scale);
    }
    if (!lowpass) return;
    for (let j = at, end = at + length, k = 3 * from; j < end; j++, k += 3) {
      lowpassed[j] = lowpass.magnitude(
        accel[k] * scale,
        accel[k + 1] * scale,
        accel[k + 2] * scale,
      );
    }
  }

  private thinBucket(start: number, length: number): void {
    const { magnitudes, running } = this;
    this.raw?.keepExtremes(magnitudes, length, start);
    for (const m of this.rawMetrics) {
      m.running.fill(magnitudes, length, start, running);
      m.thinned.keepExtremes(running, length, start);
    }
    if (this.filtered) {
      // Where the low-pass does not apply (fs ≤ 450 Hz) auc_225hz is auc of the raw magnitudes.
      const values = this.lowpass ? this.lowpassed : magnitudes;
      this.filtered.running.fill(values, length, start, running);
      this.filtered.thinned.keepExtremes(running, length, start);
    }
  }

  /** The series, once every sample of the run is fed. */
  finish(): SamplesSeries {
    checkFed(this.cursor, this.header);
    const { raw } = this;
    const cumulative: SamplesSeries['cumulative'] = {};
    for (const m of this.filtered ? [...this.rawMetrics, this.filtered] : this.rawMetrics) {
      cumulative[m.name] = { time: m.thinned.time, cumulative_metric: m.thinned.values };
    }
    return {
      acceleration: raw && {
        acceleration_time: raw.time,
        acceleration: raw.values,
        maximum_acceleration: maximumOf(raw.values),
      },
      cumulative,
    };
  }
}

function checkFed(cursor: BucketCursor, header: RunHeader): void {
  if (cursor.received !== header.sampleCount) {
    throw new Error(`Series fed ${cursor.received} of ${header.sampleCount} samples`);
  }
}

/** The highest of a thinned |a|: thinning keeps each bucket's extremes, so the global maximum. */
const maximumOf = (values: number[]) => values.reduce((max, value) => Math.max(max, value), 0);

function samplesSeries(run: Run, maxPoints: number, wanted: Wanted): SamplesSeries {
  const pass = new SamplesPass(run.header, maxPoints, wanted);
  pass.add(run.accel);
  return pass.finish();
}

export function accelerationSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): AccelerationSeries {
  return samplesSeries(run, maxPoints, { acceleration: true }).acceleration!;
}

export function temperatureSeries(
  run: Pick<Run, 'header' | 'temperature'>,
  maxPoints = DEFAULT_MAX_POINTS,
): TemperatureSeries {
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
  return samplesSeries(run, maxPoints, { cumulative: [metric] }).cumulative[metric]!;
}

/** Every chart series of a record at one max_points, the acceleration ones in a single pass. */
export interface ChartSeries {
  acceleration: AccelerationSeries;
  temperature: TemperatureSeries;
  cumulative: Record<CumulativeMetric, CumulativeSeries>;
}

/** The kinds of series a record answers, each a part of ChartSeries. */
export const SERIES_KINDS = ['acceleration', 'temperature', ...CUMULATIVE_METRICS] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];

export function seriesOfKind(all: ChartSeries, kind: SeriesKind): object {
  if (kind === 'acceleration' || kind === 'temperature') return all[kind];
  return all.cumulative[kind];
}

/**
 * Every chart series of a run whose samples are fed in pieces (a run streamed from the store, see
 * RunMeasurer), then its temperature block: what chartSeries gives for the whole run, to the bit.
 * The samples go through `metrics`, the run's metric pass, which feeds the series as it goes
 * (SeriesSink): their running sums are the metrics' own, so they end exactly at the metrics.
 * Memory: the thinned series, never a whole run's values.
 */
export class ChartSeriesPass implements SeriesSink {
  readonly acceleration = new Extremes();
  readonly auc = new Extremes();
  readonly auc225hz = new Extremes();
  readonly power = new Extremes();
  private readonly cursor: BucketCursor;
  private readonly thinned: Record<'acceleration' | CumulativeMetric, Thinned>;

  constructor(
    private readonly header: RunHeader,
    private readonly maxPoints = DEFAULT_MAX_POINTS,
    readonly metrics = new AccelerationPass(header),
  ) {
    this.cursor = new BucketCursor(new Buckets(header.sampleCount, maxPoints));
    const thinned = () => new Thinned(uniformTimes(1 / header.sampleRate));
    this.thinned = {
      acceleration: thinned(),
      auc: thinned(),
      auc_225hz: thinned(),
      power: thinned(),
    };
  }

  /** Feeds the next whole samples, to the metrics and the series: interleaved x, y, z counts. */
  add(accel: Int16Array): void {
    this.metrics.add(accel, this);
  }

  get room(): number {
    return this.cursor.room;
  }

  get at(): number {
    return this.cursor.at;
  }

  filled(length: number): void {
    const start = this.cursor.take(length);
    if (start < 0) return;
    this.thinned.acceleration.keepBucket(this.acceleration, start);
    this.thinned.auc.keepBucket(this.auc, start);
    this.thinned.auc_225hz.keepBucket(this.auc225hz, start);
    this.thinned.power.keepBucket(this.power, start);
  }

  /** The series, once every sample is fed, with the run's temperature readings. */
  finish(temperature: Int16Array): ChartSeries {
    checkFed(this.cursor, this.header);
    const cumulative = (name: CumulativeMetric) => ({
      time: this.thinned[name].time,
      cumulative_metric: this.thinned[name].values,
    });
    const { time, values } = this.thinned.acceleration;
    return {
      acceleration: {
        acceleration_time: time,
        acceleration: values,
        maximum_acceleration: maximumOf(values),
      },
      temperature: temperatureSeries({ header: this.header, temperature }, this.maxPoints),
      cumulative: {
        auc: cumulative('auc'),
        auc_225hz: cumulative('auc_225hz'),
        power: cumulative('power'),
      },
    };
  }
}

export function chartSeries(run: Run, maxPoints = DEFAULT_MAX_POINTS): ChartSeries {
  const pass = new ChartSeriesPass(run.header, maxPoints);
  pass.add(run.accel);
  return pass.finish(run.temperature);
}
