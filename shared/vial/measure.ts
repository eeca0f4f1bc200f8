import { closeSync, openSync, readSync } from 'node:fs';
import {
  ACCEL_SAMPLE_BYTES,
  int16Counts,
  RUN_HEADER_SIZE,
  RunFileChecker,
  type RunHeader,
} from './dat';
import { AccelerationPass } from './metrics';
import type { RecordMetrics } from './record-metrics';
import { ChartSeriesPass, DEFAULT_MAX_POINTS, type ChartSeries } from './series';
import {
  summarizeTemperature,
  temperatureType,
  timeOutsideLimits,
  type TemperatureType,
  type TimeOutsideLimits,
} from './temperature';

/** What processing keeps of a run: its header and every figure vial-data.md section 3 derives. */
export interface MeasuredRun {
  header: RunHeader;
  metrics: RecordMetrics;
  temperatureType: TemperatureType | null;
  timeOutside: TimeOutsideLimits | null;
  /** The chart series at the default max_points, when the measurer was asked for them. */
  series?: ChartSeries;
}

/**
 * Validates and measures a run file that arrives in chunks (a file read piece by piece, an upload,
 * a blob streamed from the store) in one pass: the same checks as RunFileChecker, the same
 * figures as computeMetrics to the last bit, and if asked the same chart series as chartSeries.
 * Memory stays at a sample's bytes carried between chunks plus the temperature block (two bytes a
 * reading), and for the series one bucket of values: chunks are not kept, so their buffer may be
 * reused as soon as `push` returns.
 */
export class RunMeasurer {
  private readonly checker = new RunFileChecker();
  private received = 0;
  private pass: AccelerationPass | undefined;
  private seriesPass: ChartSeriesPass | undefined;
  /** The first bytes of a sample split between two chunks. */
  private readonly carry = new Uint8Array(ACCEL_SAMPLE_BYTES);
  private carried = 0;
  private readonly temperatureParts: Uint8Array[] = [];

  /** `chartSeries`: also compute the chart series (processing stores them; the CLI does not). */
  constructor(private readonly options: { chartSeries?: boolean } = {}) {}

  push(chunk: Uint8Array): void {
    this.checker.push(chunk);
    const start = this.received;
    this.received += chunk.length;
    const header = this.checker.header;
    if (!header) return;
    this.pass ??= new AccelerationPass(header);
    if (this.options.chartSeries) {
      this.seriesPass ??= new ChartSeriesPass(header, DEFAULT_MAX_POINTS, this.pass);
    }
    const accelEnd = RUN_HEADER_SIZE + ACCEL_SAMPLE_BYTES * header.sampleCount;
    const accelFrom = Math.max(start, RUN_HEADER_SIZE) - start;
    const accelTo = Math.min(this.received, accelEnd) - start;
    if (accelTo > accelFrom) this.addAccel(chunk.subarray(accelFrom, accelTo));
    const temperatureFrom = Math.max(start, accelEnd) - start;
    if (temperatureFrom < chunk.length) this.temperatureParts.push(chunk.slice(temperatureFrom));
  }

  /** Call once all chunks are pushed: throws what RunFileChecker.finish throws, else measures. */
  finish(): MeasuredRun {
    const header = this.checker.finish();
    const pass = this.pass ?? new AccelerationPass(header);
    const seriesPass = this.options.chartSeries
      ? (this.seriesPass ?? new ChartSeriesPass(header))
      : undefined;
    const block = Buffer.concat(this.temperatureParts);
    const run = { header, temperature: int16Counts(block, 0, header.temperatureCount) };
    const metrics = pass.metrics(summarizeTemperature(run));
    const mkt = metrics.mean_kinetic_temperature;
    const type = mkt === null ? null : temperatureType(mkt);
    return {
      header,
      metrics,
      temperatureType: type,
      timeOutside: type && timeOutsideLimits(run, type),
      ...(seriesPass && { series: seriesPass.finish(run.temperature) }),
    };
  }

  /** Feeds whole samples to the metric pass, through the series when asked; nothing is kept. */
  private addSamples(counts: Int16Array): void {
    if (this.seriesPass) this.seriesPass.add(counts);
    else this.pass!.add(counts);
  }

  private addAccel(bytes: Uint8Array): void {
    let rest = bytes;
    if (this.carried > 0) {
      const taken = rest.subarray(0, ACCEL_SAMPLE_BYTES - this.carried);
      this.carry.set(taken, this.carried);
      this.carried += taken.length;
      rest = rest.subarray(taken.length);
      if (this.carried < ACCEL_SAMPLE_BYTES) return;
      this.addSamples(int16Counts(this.carry, 0, 3));
      this.carried = 0;
    }
    const whole = rest.length - (rest.length % ACCEL_SAMPLE_BYTES);
    if (whole > 0) this.addSamples(int16Counts(rest, 0, whole / 2));
    this.carry.set(rest.subarray(whole));
    this.carried = rest.length - whole;
  }
}

/** Measures a whole stream (an upload, a blob from the store) through a RunMeasurer. */
export async function measureRunStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<MeasuredRun> {
  const measurer = new RunMeasurer();
  for await (const chunk of chunks) measurer.push(chunk);
  return measurer.finish();
}

/** Large enough that the per-chunk work vanishes, small enough to stay in cache. */
const FILE_CHUNK_BYTES = 1 << 16;
let fileChunk: Buffer | undefined;

/** Measures a run file on disk, read in pieces into one reused buffer (no copy of the file). */
export function measureRunFile(file: string): MeasuredRun {
  fileChunk ??= Buffer.allocUnsafeSlow(FILE_CHUNK_BYTES);
  const measurer = new RunMeasurer();
  const fd = openSync(file, 'r');
  try {
    let length: number;
    while ((length = readSync(fd, fileChunk, 0, FILE_CHUNK_BYTES, null)) > 0) {
      measurer.push(fileChunk.subarray(0, length));
    }
  } finally {
    closeSync(fd);
  }
  return measurer.finish();
}
