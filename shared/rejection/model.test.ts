import { expected, relativeError } from '../vial/testing/fixtures';
import { erfc } from './erfc';
import {
  calibrateModel,
  DEFAULT_MODEL,
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  rejectionProbability,
  worstRejectionPercent,
  type CalibrationEntry,
} from './model';

describe('erfc', () => {
  it.each([
    [0, 1],
    [0.3, 0.6713732405408726],
    [1, 0.15729920705028513],
    [-1, 1.842700792949715],
    [3, 2.2090496998585438e-5],
    [6, 2.1519736712498916e-17],
    [Infinity, 0],
  ])('erfc(%d) = %d to double precision', (x, value) => {
    expect(relativeError(erfc(x), value)).toBeLessThan(1e-14);
  });
});

describe('rejectionProbability', () => {
  it.each(expected.rejection.map((row) => [row.analyte, row.value, row] as const))(
    'reproduces the %s vector at v = %d',
    (_, value, row) => {
      const result = rejectionProbability(value, row.cutoff, DEFAULT_MODEL);
      expect(result.cutoff).toBe(row.cutoff);
      for (const key of ['probability', 'low', 'high'] as const) {
        expect(relativeError(result[key], row[key])).toBeLessThanOrEqual(1e-6);
      }
    },
  );

  it('matches the worked example of rejection-model.md at v = 500', () => {
    const { ldh, asat, potassium } = rejectionForValue(500, DEFAULT_THRESHOLDS, DEFAULT_MODEL);
    expect(ldh.probability).toBeCloseTo(0.126, 3);
    expect(ldh.low).toBeCloseTo(0.085, 3);
    expect(ldh.high).toBeCloseTo(0.193, 3);
    expect(asat.probability).toBeCloseTo(0.0034, 4);
    expect(potassium.probability).toBeLessThan(1e-4);
    expect(worstRejectionPercent(500)).toBeCloseTo(12.6, 1);
  });

  it('is certain once transport alone reaches the cut-off', () => {
    expect(rejectionProbability(1500, 15).probability).toBe(1);
    expect(rejectionProbability(2500, 15)).toMatchObject({ probability: 1, low: 1, high: 1 });
  });
});

describe('calibrateModel', () => {
  /**
   * Ten transports of v = 100 g·s; five raised HI by 0.5 and five by 1.5 mg/dL, from baselines
   * e¹ and e² (five each). By hand: k = ΣΔv / Σv² = 100·10 / 100 000 = 0.01; residuals ±0.5, so
   * se = √(10·0.25 / 9 / 100 000) = 1/600 and k ± 1.645·se = 0.01 ∓ 0.0027417; ln baselines are
   * 1 and 2: μ = 1.5, σ = √(10·0.25 / 9) = 0.5270463.
   */
  const entries: CalibrationEntry[] = Array.from({ length: 10 }, (_, i) => {
    const baseline = Math.exp(i < 5 ? 1 : 2);
    return { h_index_baseline: baseline, h_index: baseline + (i % 2 ? 1.5 : 0.5), auc: 100 };
  });

  it('fits k, its interval, μ and σ as rejection-model.md says', () => {
    const model = calibrateModel(entries);
    expect(model.source).toBe('calibrated');
    expect(model.n).toBe(10);
    expect(model.k).toBeCloseTo(0.01, 12);
    expect(model.kLow).toBeCloseTo(0.01 - 1.645 / 600, 12);
    expect(model.kHigh).toBeCloseTo(0.01 + 1.645 / 600, 12);
    expect(model.mu).toBeCloseTo(1.5, 12);
    expect(model.sigma).toBeCloseTo(Math.sqrt(2.5 / 9), 12);
  });

  it('keeps the defaults with fewer than 10 entries', () => {
    expect(calibrateModel(entries.slice(0, 9))).toEqual({
      source: 'default',
      n: 9,
      ...DEFAULT_MODEL,
    });
  });

  it('keeps the default μ and σ with fewer than 10 positive baselines', () => {
    const model = calibrateModel([
      ...entries.slice(0, 9),
      { h_index: 2, h_index_baseline: 0, auc: 100 },
    ]);
    expect(model).toMatchObject({
      source: 'calibrated',
      mu: DEFAULT_MODEL.mu,
      sigma: DEFAULT_MODEL.sigma,
    });
    expect(model.k).not.toBe(DEFAULT_MODEL.k);
  });

  it('never lets transport lower the hemolysis index', () => {
    const falling = entries.map((entry) => ({ ...entry, h_index: entry.h_index_baseline - 1 }));
    const model = calibrateModel(falling);
    expect(model.k).toBe(0);
    expect(model.kLow).toBe(0);
    expect(model.kHigh).toBeGreaterThan(0);
  });
});
