import { magnitude, runLowpass } from './acceleration';
import type { Run } from './dat';
import { z } from 'zod';
import { summarizeTemperature } from './temperature';

// A module binding rather than `Math.abs` in the per-sample loop: inside a vm context (Jest)
// every global lookup costs about half a microsecond.
const { abs } = Math;

/** A dynamic acceleration of at least this many g counts as the vial moving. */
export const MOVING_THRESHOLD_G = 0.5;
/** Movement spanning less than this is a short run. */
export const SHORT_RUN_SECONDS = 10;
/** Identical x, y, z counts for this long mean a stuck sensor. */
export const FLATLINE_SECONDS = 2;

/**
 * The metrics of a record (vial-data.md section 3), with the API's field names: declared once,
 * here. The records table stores this shape (server/entities/record.ts) and the API's record
 * `metrics` adds the rejection to it (shared/api/records.ts).
 */
export const recordMetrics = z.object({
  auc: z.number(),
  auc_225hz: z.number(),
  power: z.number(),
  maximum_acceleration: z.number(),
  duration: z.number(),
  mean_kinetic_temperature: z.number().nullable(),
  minimum_temperature: z.number().nullable(),
  maximum_temperature: z.number().nullable(),
  no_run_error: z.boolean(),
  short_run_error: z.boolean(),
  flatline_error: z.boolean(),
});
export type RecordMetrics = z.infer<typeof recordMetrics>;

/**
 * Everything in one pass over the acceleration block, without allocating per sample.
 *
 * Trapezoid sums accumulate `v_{i-1} + v_i` and are halved and scaled once at the end;
 * cumulativeSeries accumulates identically, so its last value is exactly the metric.
 */
export function computeMetrics(run: Run): RecordMetrics {
  const { sampleRate, sampleCount: n, accelScale: scale } = run.header;
  const { accel } = run;
  const lowpass = runLowpass(run);
  const flatlineLength = Math.ceil(FLATLINE_SECONDS * sampleRate);

  let dSum = 0;
  let d2Sum = 0;
  let filteredSum = 0;
  let previousD = 0;
  let previousFiltered = 0;
  let maximum = 0;
  let firstMoving = -1;
  let lastMoving = -1;
  let unchangedRun = 0;
  let flatline = false;

  for (let i = 0, k = 0; i < n; i++, k += 3) {
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
    const unchanged = i > 0 && x === accel[k - 3] && y === accel[k - 2] && z === accel[k - 1];
    unchangedRun = unchanged ? unchangedRun + 1 : 1;
    if (unchangedRun >= flatlineLength) flatline = true;
    if (size > maximum) maximum = size;
    if (d >= MOVING_THRESHOLD_G) {
      if (firstMoving < 0) firstMoving = i;
      lastMoving = i;
    }
    previousD = d;
    previousFiltered = filtered;
  }

  const halfDt = 0.5 / sampleRate;
  const noRun = n < 2 || firstMoving < 0;
  const temperature = summarizeTemperature(run);
  return {
    auc: dSum * halfDt,
    auc_225hz: filteredSum * halfDt,
    power: n < 2 ? 0 : (d2Sum * halfDt) / ((n - 1) / sampleRate),
    maximum_acceleration: maximum,
    duration:
      n > 0
        ? n / sampleRate
        : (run.header.temperatureCount * run.header.temperatureIntervalMs) / 1000,
    ...temperature,
    no_run_error: noRun,
    short_run_error: !noRun && (lastMoving - firstMoving) / sampleRate < SHORT_RUN_SECONDS,
    flatline_error: flatline,
  };
}
