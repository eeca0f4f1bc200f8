import { deming, demingFit } from './deming';
import { close, pairsOf } from './testing/helpers';

// qt(0.975, 1) in R
const T_1 = 12.706204736174694;

describe('deming', () => {
  it('finds an exact line whatever λ, with a zero-width interval', () => {
    const pairs = pairsOf([100, 200, 300, 400], [300, 500, 700, 900]);
    for (const lambda of [0.25, 1, 4]) {
      const fit = deming(pairs, lambda, 0.95)!;
      expect(close(fit.slope, 2)).toBe(true);
      expect(close(fit.intercept, 1)).toBe(true);
      expect(fit.error_ratio).toBe(lambda);
      expect(close(fit.slope_ci[0], 2)).toBe(true);
      expect(close(fit.slope_ci[1], 2)).toBe(true);
    }
  });

  it('matches the hand-worked case x = 1, 2, 3; y = 1, 3, 2', () => {
    // u = 2, q = 2, p = 1. λ = 1: slope 1, intercept 0. Leaving a pair out leaves two points:
    // slopes −1, 0.5, 2; pseudo-values 5, 2, −1; sd 3; se √3.
    const pairs = pairsOf([100, 200, 300], [100, 300, 200]);
    const fit = deming(pairs, 1, 0.95)!;
    expect(close(fit.slope, 1)).toBe(true);
    expect(close(fit.intercept, 0, 1e-9, 1e-15)).toBe(true);
    expect(close(fit.slope_ci[0], 1 - T_1 * Math.sqrt(3))).toBe(true);
    expect(close(fit.slope_ci[1], 1 + T_1 * Math.sqrt(3))).toBe(true);
    // λ = 2: a = 2, root √12, slope (1 + √3)/2, intercept 1 − √3
    const two = deming(pairs, 2, 0.95)!;
    expect(close(two.slope, (1 + Math.sqrt(3)) / 2)).toBe(true);
    expect(close(two.intercept, 1 - Math.sqrt(3))).toBe(true);
  });

  it('is null when p = 0 (equal references, equal tests, or no covariance)', () => {
    expect(deming(pairsOf([500, 500, 500], [490, 500, 510]), 1, 0.95)).toBeNull();
    expect(deming(pairsOf([100, 200, 300], [400, 400, 400]), 1, 0.95)).toBeNull();
    expect(deming(pairsOf([100, 200, 300], [100, 200, 100]), 1, 0.95)).toBeNull();
    expect(deming(pairsOf([100, 200], [100, 210]), 1, 0.95)).toBeNull();
  });

  it('gives null intervals when a leave-one-out fit has p = 0', () => {
    // Without the last pair every y is 2: p = 0.
    const fit = demingFit(pairsOf([100, 200, 300, 400], [200, 200, 200, 600]), 1, 0.95, [2])!;
    expect(fit.figures.slope_ci).toEqual([null, null]);
    expect(fit.figures.intercept_ci).toEqual([null, null]);
    expect(fit.levels[0].ci).toEqual([null, null]);
    expect(Number.isFinite(fit.figures.slope)).toBe(true);
  });

  it('gives the bias at a decision level, intercept + (slope − 1)·X', () => {
    const fit = demingFit(pairsOf([100, 200, 300], [100, 300, 200]), 2, 0.9, [0, 10])!;
    expect(close(fit.levels[0].bias, 1 - Math.sqrt(3))).toBe(true);
    expect(close(fit.levels[1].bias, 1 - Math.sqrt(3) + ((Math.sqrt(3) - 1) / 2) * 10)).toBe(true);
    expect(fit.levels[0].ci).toEqual(fit.figures.intercept_ci);
  });
});
