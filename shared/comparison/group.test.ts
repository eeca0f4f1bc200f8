import { blandAltman } from './bland-altman';
import { computeGroup } from './group';
import { pairsOf } from './testing/helpers';
import type { GroupOptions, Pair } from './types';

const options: GroupOptions = {
  confidence: 0.95,
  errorRatio: 1,
  decisionLevels: [4, 5.5],
  criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
};

/** Every number of a JSON value is finite (no NaN, no ±Infinity). */
const finite = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : Array.isArray(value)
      ? value.every(finite)
      : value !== null && typeof value === 'object'
        ? Object.values(value).every(finite)
        : true;

const FIELDS = [
  'n',
  'bland_altman',
  'paired_t',
  'wilcoxon',
  'passing_bablok',
  'deming',
  'decision_levels',
  'criterion',
  'verdict',
  'pairs_needed',
  'outliers',
];

const noFigures = {
  bland_altman: { absolute: null, percent: null },
  paired_t: null,
  wilcoxon: null,
  passing_bablok: null,
  deming: null,
  decision_levels: [
    { x: 4, bias_passing_bablok: null, bias_deming: null, bias_deming_ci: [null, null] },
    { x: 5.5, bias_passing_bablok: null, bias_deming: null, bias_deming_ci: [null, null] },
  ],
  criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
  verdict: 'too_few_pairs',
  pairs_needed: null,
  outliers: [],
};

describe('computeGroup', () => {
  it('answers exactly the spec’s fields', () => {
    const group = computeGroup(pairsOf([400, 410, 420], [405, 409, 430]), options);
    expect(Object.keys(group)).toEqual(FIELDS);
    expect(Object.keys(group.passing_bablok!)).toEqual([
      'slope',
      'slope_ci',
      'intercept',
      'intercept_ci',
    ]);
    expect(JSON.parse(JSON.stringify(group))).toEqual(group);
  });

  it.each([
    ['no pair', [], []],
    ['one pair', [400], [410]],
    ['two pairs', [400, 500], [410, 490]],
  ])('has every figure null with %s', (_name, x, y) => {
    expect(computeGroup(pairsOf(x, y), options)).toEqual({ n: x.length, ...noFigures });
  });

  it('answers nulls, never NaN, when every difference is zero', () => {
    const group = computeGroup(pairsOf([400, 410, 420, 430], [400, 410, 420, 430]), options);
    expect(group.paired_t).toBeNull();
    expect(group.wilcoxon).toBeNull();
    expect(group.bland_altman.absolute).toMatchObject({ bias: 0, sd: 0, bias_ci: [0, 0] });
    expect(group.passing_bablok).toEqual({
      slope: 1,
      slope_ci: [null, null],
      intercept: 0,
      intercept_ci: [null, null],
    });
    expect(group.deming).toMatchObject({ slope: 1, intercept: 0 });
    expect(group.decision_levels[0]).toMatchObject({ bias_passing_bablok: 0, bias_deming: 0 });
    expect(finite(group)).toBe(true);
  });

  it('answers nulls when every reference is equal', () => {
    const group = computeGroup(pairsOf([500, 500, 500, 500], [490, 505, 500, 520]), options);
    expect(group.passing_bablok).toBeNull();
    expect(group.deming).toBeNull();
    expect(group.decision_levels[1]).toEqual({
      x: 5.5,
      bias_passing_bablok: null,
      bias_deming: null,
      bias_deming_ci: [null, null],
    });
    expect(group.paired_t).not.toBeNull();
    expect(finite(group)).toBe(true);
  });

  it('keeps the percent scale to positive references, with its own n and verdict', () => {
    const x = [0, 0, 100, 200, 300, 400, 500, 600, 700, 800, 900];
    const y = [5, 0, 101, 203, 298, 404, 502, 597, 703, 806, 900];
    const percent = {
      ...options,
      criterion: { type: 'biological_variation', cvi: 4, cvg: 4 },
    } as const;
    const group = computeGroup(pairsOf(x, y), percent);
    expect(group.n).toBe(11);
    expect(group.bland_altman.percent!.n).toBe(9);
    // 9 pairs on the percent scale: too few, though the group has 11
    expect(group.verdict).toBe('too_few_pairs');
    expect(computeGroup(pairsOf(x, y), options).verdict).not.toBe('too_few_pairs');
    expect(finite(group)).toBe(true);
  });

  it('lists as outliers the ids whose difference lies outside the limits of agreement', () => {
    const x = Array.from({ length: 20 }, (_, i) => 400 + 10 * i);
    const y = x.map((v, i) => v + [1, -1, 2, 0][i % 4]);
    y[7] += 30;
    const pairs: Pair[] = pairsOf(x, y).map((pair) => ({ ...pair, id: pair.id * 100 }));
    const group = computeGroup(pairs, options);
    const ba = blandAltman(pairs, 'absolute', 0.95)!;
    const expected = pairs
      .filter(
        ({ x: xi, y: yi }) => (yi - xi) / 100 < ba.loa_lower || (yi - xi) / 100 > ba.loa_upper,
      )
      .map(({ id }) => id);
    expect(group.outliers).toEqual([800]);
    expect(group.outliers).toEqual(expected);
  });

  it('judges by the criterion and says how many pairs an inconclusive bias needs', () => {
    const x = Array.from({ length: 12 }, (_, i) => 350 + 15 * i);
    const y = x.map((v, i) => v + 8 + [-12, 10, -5, 14, -9, 3][i % 6]);
    const group = computeGroup(pairsOf(x, y), {
      ...options,
      criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.12 },
    });
    expect(group.verdict).toBe('inconclusive');
    expect(group.pairs_needed).toBeGreaterThan(12);
    const wide = computeGroup(pairsOf(x, y), {
      ...options,
      criterion: { type: 'allowable_bias', scale: 'absolute', limit: 1 },
    });
    expect(wide).toMatchObject({ verdict: 'acceptable', pairs_needed: null });
  });

  it('leaves Passing-Bablok out when asked, and nothing else', () => {
    const pairs = pairsOf([400, 410, 420, 435], [405, 409, 430, 433]);
    const all = computeGroup(pairs, options);
    const without = computeGroup(pairs, { ...options, passingBablok: false });
    expect(all.passing_bablok).not.toBeNull();
    expect(without).toEqual({
      ...all,
      passing_bablok: null,
      decision_levels: all.decision_levels.map((level) => ({
        ...level,
        bias_passing_bablok: null,
      })),
    });
  });

  it('refuses values that are not integers of hundredths, and options out of range', () => {
    expect(() => computeGroup([{ id: 1, x: 4.35, y: 4.4 }], options)).toThrow(RangeError);
    expect(() => computeGroup([], { ...options, errorRatio: 0 })).toThrow(RangeError);
    expect(() => computeGroup([], { ...options, confidence: 0.8 as 0.9 })).toThrow(RangeError);
    expect(() => computeGroup([], { ...options, decisionLevels: [Number.NaN] })).toThrow(
      RangeError,
    );
  });
});
