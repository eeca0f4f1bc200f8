import { steppedScale, zeroBasedScale } from './options';

describe('value axes that start and end on a step', () => {
  it('spans the values with 4 to 7 steps of 1, 2, 2.5 or 5 × 10ⁿ, the narrowest such span', () => {
    expect(steppedScale(65, 135)).toEqual({ min: 60, max: 140, interval: 20 });
    expect(steppedScale(81.3, 95.4)).toEqual({ min: 80, max: 97.5, interval: 2.5 });
    expect(steppedScale(0, 96.6)).toEqual({ min: 0, max: 100, interval: 25 });
  });

  it('starts from 0 for a zero-based axis, and leaves an empty one to the chart', () => {
    expect(zeroBasedScale(101)).toEqual({ min: 0, max: 120, interval: 20 });
    expect(zeroBasedScale(0)).toEqual({ min: 0 });
  });

  it('ends every span on a whole number of its steps', () => {
    for (const [bottom, top] of [
      [0.3, 0.9],
      [12, 13],
      [990, 1210],
      [47.5, 212.25],
    ]) {
      const { min, max, interval } = steppedScale(bottom, top);
      expect(min).toBeLessThanOrEqual(bottom);
      expect(max).toBeGreaterThanOrEqual(top);
      const steps = (max! - min) / interval!;
      expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
      expect(Math.round(steps)).toBeGreaterThanOrEqual(4);
      expect(Math.round(steps)).toBeLessThanOrEqual(7);
    }
  });
});
