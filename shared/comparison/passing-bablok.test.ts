import fc from 'fast-check';
import { toHundredths } from './hundredths';
import { passingBablok, passingBablokBias, passingBablokFit, selectRanks } from './passing-bablok';
import { pairsOf } from './testing/helpers';
import { zCritical } from './distributions';
import type { Confidence, Pair } from './types';

const fromValues = (x: number[], y: number[]) => pairsOf(x.map(toHundredths), y.map(toHundredths));

describe('passingBablok', () => {
  it('offsets the median by K (hand-worked)', () => {
    // slopes −2 (K = 1), −0.5, 1: N = 3, L = 2, slope = S[3] = 1; intercept = median(2, −1, −1)
    const pb = passingBablok(fromValues([1, 2, 3], [3, 1, 2]), 0.95)!;
    expect(pb.slope).toBe(1);
    expect(pb.intercept).toBe(-1);
    // n = 3: C = round(1.96·√(3·2·11/18)) = 4; the lower bound's ⌊(3 − 4 + 2 + 1)/2⌋ = 1 ≥ 2E + 1
    // holds, but the upper's ⌊(3 + 4 + 2 + 1)/2⌋ = 5 > N: both bounds null
    expect(pb.slope_ci).toEqual([null, null]);
    expect(pb.intercept_ci).toEqual([null, null]);
  });

  it('counts a slope of −1 by dy = −dx, which floating point would miss', () => {
    // (0.1, 1.3) and (0.3, 1.1): (1.1 − 1.3)/(0.3 − 0.1) is −0.9999999999999998 in doubles
    expect((1.1 - 1.3) / (0.3 - 0.1)).not.toBe(-1);
    // slopes −1 (E = 1), 0.5, 2: N = 3, L = 1, slope = (S[2] + S[3])/2 = 1.25
    const pb = passingBablok(fromValues([0.1, 0.3, 0.5], [1.3, 1.1, 1.5]), 0.95)!;
    expect(pb.slope).toBe(1.25);
    // y − 1.25·x = 1.175, 0.725, 0.875
    expect(pb.intercept).toBe(0.875);
  });

  it('takes an even median exactly, as a fraction', () => {
    // slopes 2, 0.5, 1, −1 (E), 0.5, 2: N = 6, L = 1, slope = S[4] = 1; intercept median(0, 1, −1, 0)
    const pb = passingBablok(pairsOf([100, 200, 300, 400], [100, 300, 200, 400]), 0.95)!;
    expect(pb).toEqual({
      slope: 1,
      slope_ci: [null, null],
      intercept: 0,
      intercept_ci: [null, null],
    });
    // slopes 1, 1, 1, 76/75, 1.02, 1.04: slope (1 + 76/75)/2 = 151/150; the intercept is
    // (−10/3 + 10/3)/2 = 0 exactly (R's doubles give −2.8e−15)
    const exact = passingBablok(pairsOf([1000, 2000, 3000, 4000], [1010, 2010, 3010, 4050]), 0.99)!;
    expect(exact.slope).toBe(151 / 150);
    expect(exact.intercept).toBe(0);
  });

  it('counts equal references as +∞ slopes and identical points as no slope', () => {
    // slopes +∞, 2, 1: slope 2; intercept median(−1, 0, −1)
    const pb = passingBablok(pairsOf([100, 100, 200], [100, 200, 300]), 0.95)!;
    expect(pb.slope).toBe(2);
    expect(pb.intercept).toBe(-1);
    // (1, 1.5) twice: no slope between them; the 5 others are 1
    const same = passingBablok(pairsOf([100, 100, 200, 300], [150, 150, 250, 350]), 0.95)!;
    expect(same.slope).toBe(1);
    expect(same.intercept).toBe(0.5);
  });

  it('is null when every reference is equal (every slope +∞), or all points are one', () => {
    expect(passingBablok(pairsOf([500, 500, 500, 500], [490, 500, 510, 520]), 0.95)).toBeNull();
    expect(passingBablok(pairsOf([500, 500, 500], [490, 490, 490]), 0.95)).toBeNull();
  });

  it('is null when the estimate lies beyond the slopes (most slopes < −1)', () => {
    const x = [100, 150, 200, 250, 300, 350, 400, 450, 500, 550];
    const y = [2000, 1900, 1700, 1650, 1400, 1200, 1150, 900, 800, 600];
    expect(passingBablok(pairsOf(x, y), 0.95)).toBeNull();
  });

  it('answers a zero slope as 0, not −0', () => {
    // references decreasing, tests equal: every slope is 0/−dx, −0 in doubles
    expect(Object.is(0 / -100, -0)).toBe(true);
    const pb = passingBablok(pairsOf([300, 200, 100], [500, 500, 500]), 0.95)!;
    expect(Object.is(pb.slope, 0)).toBe(true);
    expect(pb.intercept).toBe(5);
  });

  it('is null with fewer than 3 pairs', () => {
    expect(passingBablok(pairsOf([100, 200], [110, 190]), 0.95)).toBeNull();
  });

  it('gives a null upper bound when it is +∞, and the intercept bound it makes', () => {
    const pb = passingBablok(
      pairsOf(
        [100, 100, 100, 100, 200, 200, 200, 200, 300, 300],
        [90, 105, 110, 120, 190, 205, 215, 230, 300, 320],
      ),
      0.95,
    )!;
    expect(pb.slope_ci[0]).not.toBeNull();
    expect(pb.slope_ci[1]).toBeNull();
    expect(pb.intercept_ci[0]).toBeNull();
    expect(pb.intercept_ci[1]).not.toBeNull();
  });

  it('gives the bias at a decision level exactly', () => {
    const fit = passingBablokFit(
      pairsOf([1000, 2000, 3000, 4000], [1010, 2010, 3010, 4050]),
      0.95,
    )!;
    // 0 + (151/150 − 1)·15 = 0.1
    expect(passingBablokBias(fit, 15)).toBe(0.1);
    expect(passingBablokBias(fit, 15.123)).toBeCloseTo(15.123 / 150, 14);
  });
});

describe('passingBablok on large groups (the slopes bracketed by a sample)', () => {
  // Reference: every slope sorted, E, K and C as section 3.4 says, med() on the sorted slopes.
  function reference(pairs: Pair[], confidence: Confidence) {
    const n = pairs.length;
    const slopes: number[] = [];
    let e = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pairs[j].x - pairs[i].x;
        const dy = pairs[j].y - pairs[i].y;
        if (dx === 0 && dy === 0) continue;
        if (dx !== 0 && dy === -dx) e++;
        else if (dx !== 0 && dy / dx < -1) k++;
        slopes.push(dx === 0 ? Infinity : dy / dx);
      }
    }
    const sorted = Float64Array.from(slopes).sort();
    const med = (q: number) =>
      q % 2 === 1 ? sorted[(q + 1) / 2 - 1] : (sorted[q / 2 - 1] + sorted[q / 2]) / 2;
    const l = 2 * k + e;
    const c = Math.round(zCritical(confidence) * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18));
    return [med(sorted.length + l), med(sorted.length - c + l), med(sorted.length + c + l)];
  }

  // More than 2^18 slopes (n > 724), so that the fit brackets them by a sample.
  it.each([
    ['noisy, distinct references', 800, (x: number, r: number) => Math.round(x * 1.03 + r * 800)],
    [
      'few distinct references (+∞ slopes, ties)',
      760,
      (x: number, r: number) => x + Math.round(r * 3),
    ],
    ['a negative slope near −1', 740, (x: number, r: number) => Math.round(-0.97 * x + r * 400)],
  ])('gives the figures every sorted slope gives: %s', (_, n, yOf) => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pairs = Array.from({ length: n }, (_, id) => {
      const x = n === 760 ? Math.floor(next() * 20) * 100 : Math.floor(next() * 30_000);
      return { id, x, y: yOf(x, next() - 0.5) };
    });
    for (const confidence of [0.9, 0.95, 0.99] as const) {
      const [slope, lower, upper] = reference(pairs, confidence);
      const fit = passingBablok(pairs, confidence)!;
      expect(fit.slope).toBeCloseTo(slope, 12);
      expect(fit.slope_ci[0]).toBeCloseTo(lower, 12);
      expect(fit.slope_ci[1]).toBeCloseTo(upper, 12);
    }
  });
});

describe('selectRanks', () => {
  // The regression reads a few order statistics of its slopes by selection, not a sort: at every
  // asked rank the value must be the one a full sort puts there, ties and +∞ included.
  const values = fc.array(
    fc.oneof(
      fc.integer({ min: -5, max: 5 }).map((v) => v / 2),
      fc.constant(-1),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    ),
    { minLength: 1, maxLength: 400 },
  );

  it('puts at each asked rank the value a full sort puts there', () => {
    fc.assert(
      fc.property(values, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (list, picks) => {
        const sorted = Float64Array.from(list).sort();
        const selected = Float64Array.from(list);
        const ranks = [...new Set(picks.map((p) => p % list.length))];
        selectRanks(selected, ranks);
        // −0 and 0 may trade places (equal under `<`): compare as numbers, not as bit patterns.
        for (const r of ranks) expect(selected[r] === sorted[r]).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('does so on a large array of few distinct values and +∞ (the ninther, deep ties)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const list = Float64Array.from({ length: 50_000 }, () =>
      next() % 97 === 0 ? Number.POSITIVE_INFINITY : (next() % 41) - 20,
    );
    const sorted = Float64Array.from(list).sort();
    const ranks = [0, 1, 24_999, 25_000, 49_998, 49_999];
    selectRanks(list, ranks);
    expect(ranks.map((r) => list[r])).toEqual(ranks.map((r) => sorted[r]));
  });
});
