import {
  criterionLimit,
  EXPECTED_BIAS_TOO_LARGE,
  expectedBiasTooLarge,
  pairsNeeded,
  sampleSize,
  verdictOf,
} from './criterion';
import { close } from './testing/helpers';
import type { BlandAltman } from './types';

describe('criterionLimit', () => {
  it('takes an allowable bias on its own scale', () => {
    expect(criterionLimit({ type: 'allowable_bias', scale: 'absolute', limit: 0.2 })).toEqual({
      type: 'allowable_bias',
      scale: 'absolute',
      limit: 0.2,
    });
  });

  it('computes biological variation in percent, desirable by default', () => {
    // √(3² + 4²) = 5
    const limit = (level?: 'optimum' | 'desirable' | 'minimum') =>
      criterionLimit({ type: 'biological_variation', cvi: 3, cvg: 4, level }).limit;
    expect(limit()).toBe(1.25);
    expect(limit('optimum')).toBe(0.625);
    expect(limit('desirable')).toBe(1.25);
    expect(limit('minimum')).toBe(1.875);
    expect(criterionLimit({ type: 'biological_variation', cvi: 3, cvg: 4 }).scale).toBe('percent');
  });

  it('computes the reference change value in percent, z = 1.96 by default', () => {
    // sqrt(2) * 1.96 * 5 and sqrt(2) * 1.65 * 5 in R
    const rcv = criterionLimit({ type: 'rcv', cva: 3, cvi: 4 });
    expect(rcv.scale).toBe('percent');
    expect(close(rcv.limit, 13.859292911256331)).toBe(true);
    expect(
      close(criterionLimit({ type: 'rcv', cva: 3, cvi: 4, z: 1.65 }).limit, 11.667261889578032),
    ).toBe(true);
  });
});

describe('pairsNeeded and sampleSize', () => {
  // pairs_needed_ref in testing/reference.R: the smallest m ≥ max(10, n + 1) with
  // qt(1 − α/2, m − 1)·s/√m ≤ L − |bias|
  it.each([
    [1, 0, 1, 9, 0.95, 10],
    [1, 0, 0.5, 9, 0.95, 18],
    [1, 0.2, 0.5, 9, 0.99, 78],
    [2.5, 0.3, 1, 40, 0.9, 41],
    [1, 0, 0.02, 9, 0.95, 9607],
    [1, 0, 0.0197, 9, 0.95, 9901],
  ] as const)('sd %p, bias %p, L %p, n %p, %p → %p (R)', (sd, bias, limit, n, confidence, m) => {
    expect(pairsNeeded({ sd, bias, limit, n, confidence })).toBe(m);
  });

  it('is null beyond 10,000 pairs or when |bias| ≥ L', () => {
    expect(pairsNeeded({ sd: 1, bias: 0, limit: 0.019, n: 9, confidence: 0.95 })).toBeNull();
    expect(pairsNeeded({ sd: 1, bias: 0.5, limit: 0.5, n: 9, confidence: 0.95 })).toBeNull();
    expect(pairsNeeded({ sd: 1, bias: -0.6, limit: 0.5, n: 9, confidence: 0.95 })).toBeNull();
    expect(pairsNeeded({ sd: 0.001, bias: 0, limit: 1, n: 10_000, confidence: 0.95 })).toBeNull();
  });

  it('plans with n = 9, expected bias 0 and 95 % by default', () => {
    expect(sampleSize({ sd: 1, limit: 0.5 })).toBe(18);
    expect(sampleSize({ sd: 1, limit: 0.5, expected_bias: 0.2, confidence: 0.99 })).toBe(78);
    expect(sampleSize({ sd: 1, limit: 0.5, expected_bias: -0.5 })).toBeNull();
  });

  it('says when the route refuses the expected bias', () => {
    expect(expectedBiasTooLarge({ limit: 0.5, expected_bias: 0.5 })).toBe(true);
    expect(expectedBiasTooLarge({ limit: 0.5, expected_bias: -0.7 })).toBe(true);
    expect(expectedBiasTooLarge({ limit: 0.5, expected_bias: 0.49 })).toBe(false);
    expect(expectedBiasTooLarge({ limit: 0.5 })).toBe(false);
    expect(EXPECTED_BIAS_TOO_LARGE).toBe('The expected bias must be smaller than the limit.');
  });
});

describe('verdictOf', () => {
  const figures = (
    bias: number,
    half: number,
    loaLower: number,
    loaUpper: number,
    limitHalf = 0.5,
  ) =>
    ({
      n: 20,
      bias,
      sd: 1,
      bias_ci: [bias - half, bias + half],
      loa_lower: loaLower,
      loa_lower_ci: [loaLower - limitHalf, loaLower + limitHalf],
      loa_upper: loaUpper,
      loa_upper_ci: [loaUpper - limitHalf, loaUpper + limitHalf],
    }) satisfies BlandAltman;
  const bias = { type: 'allowable_bias', scale: 'absolute', limit: 1 } as const;
  const rcv = { type: 'rcv', scale: 'percent', limit: 10 } as const;

  it('needs 10 pairs on the scale, then figures', () => {
    expect(verdictOf({ n: 9, figures: figures(0, 0.1, -1, 1) }, bias, 0.95)).toEqual({
      verdict: 'too_few_pairs',
      pairs_needed: null,
    });
    expect(verdictOf({ n: 10, figures: null }, bias, 0.95).verdict).toBe('not_computable');
  });

  it('judges a bias criterion by the bias interval', () => {
    expect(verdictOf({ n: 20, figures: figures(0.5, 0.5, -3, 3) }, bias, 0.95).verdict).toBe(
      'acceptable',
    );
    expect(verdictOf({ n: 20, figures: figures(-1.01, 0.1, -3, 3) }, bias, 0.95).verdict).toBe(
      'not_acceptable',
    );
    const inconclusive = verdictOf({ n: 20, figures: figures(0.6, 0.5, -3, 3) }, bias, 0.95);
    expect(inconclusive.verdict).toBe('inconclusive');
    // qt(0.975, m − 1)/√m ≤ 0.4: m = 27 (pairs_needed_ref(1, 0.6, 1, 20, 0.95) in R)
    expect(inconclusive.pairs_needed).toBe(27);
    // |bias| = L: inconclusive, and no count of pairs can do it
    expect(verdictOf({ n: 20, figures: figures(1, 0.5, -3, 3) }, bias, 0.95)).toEqual({
      verdict: 'inconclusive',
      pairs_needed: null,
    });
  });

  it('judges an rcv criterion by the limits of agreement and their intervals', () => {
    expect(verdictOf({ n: 20, figures: figures(0, 1, -9, 9.5) }, rcv, 0.95)).toEqual({
      verdict: 'acceptable',
      pairs_needed: null,
    });
    expect(verdictOf({ n: 20, figures: figures(0, 1, -10.1, 9) }, rcv, 0.95).verdict).toBe(
      'not_acceptable',
    );
    expect(verdictOf({ n: 20, figures: figures(0, 1, -9, 10.01) }, rcv, 0.95).verdict).toBe(
      'not_acceptable',
    );
    expect(verdictOf({ n: 20, figures: figures(0, 1, -9.8, 9) }, rcv, 0.95)).toEqual({
      verdict: 'inconclusive',
      pairs_needed: null,
    });
  });
});
