import { type AxesLowpass, lowpassFrom, magnitude as magnitudeOf } from './acceleration';
import type { Run, RunHeader } from './dat';
import type { RecordMetrics } from './record-metrics';
import type { SeriesSink } from './extremes';
import { summarizeTemperature, type TemperatureSummary } from './temperature';

// Module bindings rather than `Math.abs` or the import in the per-sample loop: inside a vm context
// (Jest) every global lookup costs about half a microsecond, and an import compiled to CommonJS
// (tsx, Jest) is a getter on the other module's exports, called at every sample.
const { abs } = Math;
const magnitude = magnitudeOf;

/** A dynamic acceleration of at least this many g counts as the vial moving. */
export const MOVING_THRESHOLD_G = 0.5;
/** Movement spanning less than this is a short run. */
export const SHORT_RUN_SECONDS = 10;
/** Identical x, y, z counts for this long mean a stuck sensor. */
export const FLATLINE_SECONDS = 2;

/**
 * The acceleration block's part of the metrics in one pass that can be fed in pieces (a file read
 * or an upload streamed in chunks), without allocating per sample. Feeding the whole block at once
 * or in any split gives the same figures to the last bit: the state carried between pieces is
 * exactly the loop's.
 *
 * Trapezoid sums accumulate `v_{i-1} + v_i` and are halved and scaled once at the end;
 * cumulativeSeries accumulates identically, so its last value is exactly the metric.
 */
export class AccelerationPass {
  private readonly scale: number;
  private readonly flatlineLength: number;
  private lowpass: AxesLowpass | null = null;
  private samples = 0;
  private dSum = 0;
  private d2Sum = 0;
  private filteredSum = 0;
  private previousD = 0;
  private previousFiltered = 0;
  private maximum = 0;
  private firstMoving = -1;
  private lastMoving = -1;
  private unchangedRun = 0;
  private flatline = false;
  private previousX = 0;
  private previousY = 0;
  private previousZ = 0;

  constructor(private readonly header: RunHeader) {
    this.scale = header.accelScale;
    this.flatlineLength = Math.ceil(FLATLINE_SECONDS * header.sampleRate);
  }

  /**
   * Feeds the next whole samples: interleaved x, y, z counts. With `series` (ChartSeriesPass), also
   * hands it each sample's |a| and running sums, a bucket at a time.
   */
  add(accel: Int16Array, series?: SeriesSink): void {
    const n = accel.length / 3;
    if (this.samples === 0 && n > 0) this.lowpass = lowpassFrom(this.header, accel);
    let from = 0;
    while (series && from < n && series.room > 0) {
      const length = Math.min(n - from, series.room);
      this.addRange(accel, from, length, series, series.at);
      series.filled(length);
      from += length;
    }
    // Without series, or past their last bucket (more samples than the header counts): metrics.
    if (from < n) this.addRange(accel, from, n - from, null, 0);
  }

  /** Samples [from, from + length) of `accel`, seen by `series` from index `at` of its bucket. */
  private addRange(
    accel: Int16Array,
    from: number,
    length: number,
    series: SeriesSink | null,
    at: number,
  ): void {
    const { scale, flatlineLength, lowpass } = this;
    const { sampleRate } = this.header;
    const halfDt = 0.5 / sampleRate;
    // The state in locals for the loop, written back once after it.
    let dSum = this.dSum;
    let d2Sum = this.d2Sum;
    let filteredSum = this.filteredSum;
    let previousD = this.previousD;
    let previousFiltered = this.previousFiltered;
    let maximum = this.maximum;
    let firstMoving = this.firstMoving;
    let lastMoving = this.lastMoving;
    let unchangedRun = this.unchangedRun;
    let flatline = this.flatline;
    let previousX = this.previousX;
    let previousY = this.previousY;
    let previousZ = this.previousZ;

    for (let i = this.samples, end = i + length, k = 3 * from, j = at; i < end; i++, k += 3, j++) {
      const x = accel[k];
      const y = accel[k + 1];
      const z = accel[k + 2];
      const ax = x * scale;
      const ay = y * scale;
      const az = z * scale;
      const size = magnitude(ax, ay, az);
      const d = abs(size - 1);
      const filtered = lowpass ? abs(lowpass.magnitude(ax, ay, az) - 1) : d;

      if (i > 0) {
        dSum += previousD + d;
        d2Sum += previousD * previousD + d * d;
        filteredSum += previousFiltered + filtered;
      }
      if (series) {
        // The running metrics as metrics() scales them; power is a running mean, over no time
        // at all the first sample's square.
        series.acceleration.see(size, j);
        series.auc.see(dSum * halfDt, j);
        series.auc225hz.see(filteredSum * halfDt, j);
        series.power.see(i > 0 ? (d2Sum * halfDt) / (i / sampleRate) : d * d, j);
      }
      const unchanged = i > 0 && x === previousX && y === previousY && z === previousZ;
      unchangedRun = unchanged ? unchangedRun + 1 : 1;
      if (unchangedRun >= flatlineLength) flatline = true;
      if (size > maximum) maximum = size;
      if (d >= MOVING_THRESHOLD_G) {
        if (firstMoving < 0) firstMoving = i;
        lastMoving = i;
      }
      previousD = d;
      previousFiltered = filtered;
      previousX = x;
      previousY = y;
      previousZ = z;
    }

    this.samples += length;
    this.dSum = dSum;
    this.d2Sum = d2Sum;
    this.filteredSum = filteredSum;
    this.previousD = previousD;
    this.previousFiltered = previousFiltered;
    this.maximum = maximum;
    this.firstMoving = firstMoving;
    this.lastMoving = lastMoving;
    this.unchangedRun = unchangedRun;
    this.flatline = flatline;
    this.previousX = previousX;
    this.previousY = previousY;
    this.previousZ = previousZ;
  }

  /** The record's metrics, once every sample is fed, with the temperature block's summary. */
  metrics(temperature: TemperatureSummary): RecordMetrics {
    const { sampleRate, temperatureCount, temperatureIntervalMs } = this.header;
    const n = this.samples;
    const halfDt = 0.5 / sampleRate;
    const noRun = n < 2 || this.firstMoving < 0;
    return {
      auc: this.dSum * halfDt,
      auc_225hz: this.filteredSum * halfDt,
      power: n < 2 ? 0 : (this.d2Sum * halfDt) / ((n - 1) / sampleRate),
      maximum_acceleration: this.maximum,
      duration: n > 0 ? n / sampleRate : (temperatureCount * temperatureIntervalMs) / 1000,
      ...temperature,
      no_run_error: noRun,
      short_run_error:
        !noRun && (this.lastMoving - this.firstMoving) / sampleRate < SHORT_RUN_SECONDS,
      flatline_error: this.flatline,
    };
  }
}

/** Everything vial-data.md section 3 defines for a run in memory. */
export function computeMetrics(run: Run): RecordMetrics {
  const pass = new AccelerationPass(run.header);
  pass.add(run.accel);
  return pass.metrics(summarizeTemperature(run));
}
