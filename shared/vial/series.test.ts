import { parseRun } from './dat';
import { computeMetrics } from './metrics';
import { magnitude } from './acceleration';
import { SeededRandom } from './simulate';
import {
  accelerationSeries,
  chartSeries,
  ChartSeriesPass,
  cumulativeSeries,
  temperatureSeries,
  thinMinMax,
  type CumulativeMetric,
} from './series';
import { expected, readFixture } from './testing/fixtures';

const highRate = parseRun(readFixture(expected.records['pts-1600hz'].file));
const lowRate = parseRun(readFixture(expected.records['pts-400hz'].file));

describe('thinMinMax', () => {
  const n = 10_001;
  const time = Float64Array.from({ length: n }, (_, i) => i / 100);
  const values = Float64Array.from(
    { length: n },
    (_, i) => Math.sin(i / 37) + (i === 7777 ? 9 : 0),
  );
  values[1234] = -5;

  it('keeps every sample of a short series', () => {
    const thinned = thinMinMax(time.subarray(0, 50), values.subarray(0, 50), 50);
    expect(thinned.values).toEqual(Array.from(values.subarray(0, 50)));
    expect(thinned.time).toEqual(Array.from(time.subarray(0, 50)));
  });

  it('keeps the global extremes, in time order, within maxPoints', () => {
    const thinned = thinMinMax(time, values, 400);
    expect(thinned.values.length).toBeLessThanOrEqual(400);
    expect(thinned.values.length).toBeGreaterThan(300);
    expect(Math.max(...thinned.values)).toBe(Math.max(...values));
    expect(Math.min(...thinned.values)).toBe(-5);
    expect(thinned.time).toContain(time[7777]);
    expect(thinned.time).toEqual([...thinned.time].sort((a, b) => a - b));
  });

  it('refuses fewer than 2 points', () => {
    expect(() => thinMinMax(time, values, 1)).toThrow(RangeError);
  });
});

describe('accelerationSeries', () => {
  it('thins |a| to max_points and keeps the maximum acceleration', () => {
    const series = accelerationSeries(highRate, 1000);
    expect(series.acceleration.length).toBeLessThanOrEqual(1000);
    expect(series.acceleration_time).toHaveLength(series.acceleration.length);
    expect(series.maximum_acceleration).toBe(computeMetrics(highRate).maximum_acceleration);
    expect(Math.max(...series.acceleration)).toBe(series.maximum_acceleration);
  });
});

describe('temperatureSeries', () => {
  it('gives °C against seconds, with the record extremes', () => {
    const series = temperatureSeries(lowRate);
    const metrics = computeMetrics(lowRate);
    expect(series.temperature).toHaveLength(lowRate.header.temperatureCount);
    expect(series.temperature_time[1]).toBe(lowRate.header.temperatureIntervalMs / 1000);
    expect(series.minimum_temperature).toBe(metrics.minimum_temperature);
    expect(series.maximum_temperature).toBe(metrics.maximum_temperature);
  });
});

describe('cumulativeSeries', () => {
  it.each<CumulativeMetric>(['auc', 'auc_225hz', 'power'])(
    'ends on the record %s, at both sample rates',
    (metric) => {
      for (const run of [highRate, lowRate]) {
        const series = cumulativeSeries(run, metric, 500);
        expect(series.cumulative_metric.length).toBeLessThanOrEqual(500);
        expect(series.cumulative_metric.at(-1)).toBe(computeMetrics(run)[metric]);
        expect(series.time.at(-1)).toBeCloseTo(
          run.header.sampleCount / run.header.sampleRate - 1 / run.header.sampleRate,
          9,
        );
      }
    },
  );

  it('never decreases for auc', () => {
    const { cumulative_metric: values } = cumulativeSeries(highRate, 'auc', 2000);
    expect(values.every((value, i) => i === 0 || value >= values[i - 1])).toBe(true);
  });
});

describe('chartSeries', () => {
  it('gives in one pass what each series function gives, at any max_points', () => {
    for (const run of [highRate, lowRate]) {
      for (const maxPoints of [3, 4000]) {
        expect(chartSeries(run, maxPoints)).toEqual({
          acceleration: accelerationSeries(run, maxPoints),
          temperature: temperatureSeries(run, maxPoints),
          cumulative: {
            auc: cumulativeSeries(run, 'auc', maxPoints),
            auc_225hz: cumulativeSeries(run, 'auc_225hz', maxPoints),
            power: cumulativeSeries(run, 'power', maxPoints),
          },
        });
      }
    }
  });

  it('thins |a| a bucket at a time exactly as thinning every magnitude at once', () => {
    const { sampleCount, sampleRate, accelScale: scale } = highRate.header;
    const a = highRate.accel;
    const magnitudes = Float64Array.from({ length: sampleCount }, (_, i) =>
      magnitude(a[3 * i] * scale, a[3 * i + 1] * scale, a[3 * i + 2] * scale),
    );
    const time = Float64Array.from({ length: sampleCount }, (_, i) => i * (1 / sampleRate));
    for (const maxPoints of [2, 777, 4000]) {
      const whole = thinMinMax(time, magnitudes, maxPoints);
      const series = accelerationSeries(highRate, maxPoints);
      expect([series.acceleration_time, series.acceleration]).toEqual([whole.time, whole.values]);
    }
  });

  it('gives the same series fed its samples in pieces of any size, at any max_points', () => {
    const random = new SeededRandom(3);
    const { sampleCount } = highRate.header;
    for (const maxPoints of [3, 777, 4000]) {
      const pass = new ChartSeriesPass(highRate.header, maxPoints);
      for (let at = 0; at < sampleCount;) {
        const n = Math.min(sampleCount - at, 1 + Math.floor(random.next() ** 3 * 5000));
        pass.add(highRate.accel.subarray(3 * at, 3 * (at + n)));
        at += n;
      }
      expect(pass.finish(highRate.temperature)).toEqual(chartSeries(highRate, maxPoints));
    }
  });
});
