import { encodeRun, parseRun, type Run } from './dat';
import {
  meanKineticTemperature,
  TEMPERATURE_LIMITS,
  temperatureType,
  timeOutsideLimits,
} from './temperature';

function runWithTemperatures(celsius: number[], intervalMs: number): Run {
  return parseRun(
    encodeRun({
      startMs: 0,
      sampleRate: 100,
      accelScale: 0.01,
      temperatureIntervalMs: intervalMs,
      temperatureScale: 0.5,
      vialUuid: '00000000-0000-4000-8000-000000000000',
      sequence: 1,
      accel: new Int16Array(0),
      temperature: Int16Array.from(celsius, (value) => value / 0.5),
    }),
  );
}

describe('meanKineticTemperature', () => {
  it.each([
    [[20, 20, 2, 2, 2, 2, 25], 15.6776],
    [[20, 30], 26.2599],
    [[-25, -10], -14.0724],
  ])('gives the check value of vial-data.md for %j', (readings, mkt) => {
    expect(meanKineticTemperature(readings)).toBeCloseTo(mkt, 4);
  });

  it('is null without readings and the reading itself for a constant', () => {
    expect(meanKineticTemperature([])).toBeNull();
    expect(meanKineticTemperature([5, 5, 5])).toBeCloseTo(5, 10);
  });
});

describe('temperatureType', () => {
  it.each([
    [-5.01, 'frozen'],
    [-5, 'refrigerated'],
    [11.99, 'refrigerated'],
    [12, 'ambient'],
    [40, 'ambient'],
  ])('classifies an MKT of %d °C as %s', (mkt, type) => {
    expect(temperatureType(mkt)).toBe(type);
  });

  it('has one limit set per type', () => {
    expect(TEMPERATURE_LIMITS.refrigerated).toEqual({
      controlled: { min: 2, max: 8 },
      excursion: { min: 0, max: 15 },
    });
  });
});

describe('timeOutsideLimits', () => {
  it('counts one interval per reading outside each range, bounds inside', () => {
    // Refrigerated: controlled 2–8, excursion 0–15; readings every 30 s.
    const run = runWithTemperatures([2, 8, 1.5, 9, 15, 15.5, -0.5, 5], 30_000);
    expect(timeOutsideLimits(run, 'refrigerated')).toEqual({
      outside_controlled_seconds: 5 * 30,
      outside_excursion_seconds: 2 * 30,
    });
  });
});
