import { encodeRun, parseRun, type Run } from './dat';
import { computeMetrics } from './metrics';
import type { RecordMetrics } from './record-metrics';
import { simulateRun } from './simulate';
import {
  expected,
  FLAG_METRICS,
  FLOAT_METRICS,
  readFixture,
  relativeError,
} from './testing/fixtures';

function runOf(accel: number[], temperature: number[] = [], sampleRate = 100): Run {
  return parseRun(
    encodeRun({
      startMs: 0,
      sampleRate,
      accelScale: 0.01,
      temperatureIntervalMs: 1000,
      temperatureScale: 0.01,
      vialUuid: '00000000-0000-4000-8000-000000000000',
      sequence: 1,
      accel: Int16Array.from(accel),
      temperature: Int16Array.from(temperature),
    }),
  );
}

describe('computeMetrics', () => {
  describe.each(Object.entries(expected.records))('on the %s fixture', (_, record) => {
    const metrics = computeMetrics(parseRun(readFixture(record.file)));

    it.each(FLOAT_METRICS)('reproduces %s to 1e-6', (name) => {
      const value = metrics[name];
      const wanted = record[name];
      if (wanted === null) expect(value).toBeNull();
      else expect(relativeError(value ?? NaN, wanted)).toBeLessThanOrEqual(1e-6);
    });

    it('reproduces the error flags exactly', () => {
      for (const flag of FLAG_METRICS)
        expect({ flag, value: metrics[flag] }).toEqual({ flag, value: record[flag] });
    });
  });

  it('leaves auc_225hz equal to auc up to 450 Hz', () => {
    for (const sampleRate of [400, 450]) {
      const metrics = computeMetrics(parseRun(simulateRun({ sampleRate, transitSeconds: 20 })));
      expect(metrics.auc_225hz).toBe(metrics.auc);
    }
    const above = computeMetrics(parseRun(simulateRun({ sampleRate: 451, transitSeconds: 20 })));
    expect(above.auc_225hz).not.toBe(above.auc);
  });

  it('gives zeros and a no-run for an empty run, with the temperature block as duration', () => {
    const metrics: RecordMetrics = computeMetrics(runOf([], [2000, 2100, 2200]));
    expect(metrics).toMatchObject({
      auc: 0,
      auc_225hz: 0,
      power: 0,
      duration: 3,
      no_run_error: true,
    });
    expect(metrics.minimum_temperature).toBeCloseTo(20, 5);
    expect(metrics.maximum_temperature).toBeCloseTo(22, 5);
  });

  it('gives null temperatures without a temperature block', () => {
    expect(computeMetrics(runOf([0, 0, 100]))).toMatchObject({
      mean_kinetic_temperature: null,
      minimum_temperature: null,
      maximum_temperature: null,
      no_run_error: true,
    });
  });

  it('integrates the dynamic acceleration with the trapezoid rule', () => {
    // |a| = 1, 2, 1 g at 100 Hz: d = 0, 1, 0, so T(d) = 0.01 and T(d²) / 0.02 s = 0.5.
    const metrics = computeMetrics(runOf([0, 0, 100, 0, 0, 200, 0, 0, 100]));
    expect(metrics.auc).toBeCloseTo(0.01, 6);
    expect(metrics.power).toBeCloseTo(0.5, 6);
    expect(metrics.maximum_acceleration).toBeCloseTo(2, 6);
  });

  it('flags a flatline from exactly ceil(2·fs) identical samples', () => {
    const moving = (n: number): number[] =>
      Array.from({ length: n }, (_, i) => [i % 7, 0, 100 + (i % 2) * 60]).flat();
    const stuck = (n: number): number[] => Array.from({ length: n }, () => [5, 5, 100]).flat();
    expect(
      computeMetrics(runOf([...moving(50), ...stuck(200), ...moving(50)])).flatline_error,
    ).toBe(true);
    expect(
      computeMetrics(runOf([...moving(50), ...stuck(199), ...moving(50)])).flatline_error,
    ).toBe(false);
  });
});
