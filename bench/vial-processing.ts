import { performance } from 'node:perf_hooks';
import { parseRun } from '../shared/vial/dat';
import { PIECE_BYTES } from '../server/pipeline/metrics-pool';
import { RunMeasurer } from '../shared/vial/measure';
import { computeMetrics } from '../shared/vial/metrics';
import { accelerationSeries, cumulativeSeries } from '../shared/vial/series';
import { simulateRun } from '../shared/vial/simulate';
import { percentile } from './timing';

const REPETITIONS = 5;

/** Median wall time of `work` in milliseconds, after one warm-up call. */
function medianMs(work: () => unknown): number {
  work();
  const times = Array.from({ length: REPETITIONS }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  });
  return percentile(times, 0.5);
}

/** Parse + metrics and chart series on a one-hour 1 kHz run (3.6 M samples, 21.6 MB). */
export async function benchVialProcessing(): Promise<void> {
  const sampleRate = 1000;
  const bytes = simulateRun({ sampleRate, idleSeconds: 30, transitSeconds: 3600 - 60, seed: 42 });
  const samples = parseRun(bytes).header.sampleCount;
  const megabytes = bytes.length / 1e6;
  console.log(
    `vial processing: ${samples.toLocaleString('en')} samples, ${megabytes.toFixed(1)} MB`,
  );

  const parseAndMetrics = medianMs(() => computeMetrics(parseRun(bytes)));
  console.log(
    `  parse + metrics      ${parseAndMetrics.toFixed(1)} ms  ` +
      `${(megabytes / (parseAndMetrics / 1000)).toFixed(0)} MB/s  ` +
      `${(samples / (parseAndMetrics / 1000) / 1e6).toFixed(1)} M samples/s`,
  );
  const run = parseRun(bytes);
  console.log(`  acceleration series  ${medianMs(() => accelerationSeries(run)).toFixed(1)} ms`);
  for (const metric of ['auc', 'auc_225hz', 'power'] as const) {
    const ms = medianMs(() => cumulativeSeries(run, metric));
    console.log(`  cumulative ${metric.padEnd(9)} ${ms.toFixed(1)} ms`);
  }
  // What processing runs, the run fed in pieces as a metrics thread is fed it: the metrics with
  // every series above computed in the same pass, against the metrics alone (as `npm run metrics`
  // computes them). Issue 21: the series should cost little beside the metrics.
  const measured = (chartSeries: boolean) => () => {
    const measurer = new RunMeasurer({ chartSeries });
    for (let at = 0; at < bytes.length; at += PIECE_BYTES)
      measurer.push(bytes.subarray(at, at + PIECE_BYTES));
    return measurer.finish();
  };
  const metricsOnly = medianMs(measured(false));
  const withSeries = medianMs(measured(true));
  const extra = ((withSeries - metricsOnly) / metricsOnly) * 100;
  console.log(
    `  streamed: metrics ${metricsOnly.toFixed(1)} ms, with all chart series ` +
      `${withSeries.toFixed(1)} ms (${extra >= 0 ? '+' : ''}${extra.toFixed(0)} %)`,
  );
}
