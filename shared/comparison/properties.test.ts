/** Properties that hold for any data (issue 40), checked on generated groups. */
import fc from 'fast-check';
import { computeGroup } from './group';
import { close, pairsOf } from './testing/helpers';
import type { Confidence, GroupFigures, Interval, Pair } from './types';
import { wilcoxonSignedRank } from './wilcoxon';

/** Groups of 3–40 pairs: spread or crowded references (ties, equal references, −1 slopes). */
const groups = fc
  .tuple(
    fc.integer({ min: 3, max: 40 }),
    fc.constantFrom(100, 1000, 100_000),
    fc.constantFrom(0, 5, 300),
  )
  .chain(([n, range, noise]) =>
    fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: range }),
        fc.integer({ min: -noise, max: noise }),
        fc.integer({ min: 0, max: range }),
        fc.boolean(),
      ),
      { minLength: n, maxLength: n },
    ),
  )
  .map((rows): Pair[] =>
    rows.map(([x, noise, other, related], i) => ({
      id: i + 1,
      x,
      y: related ? Math.max(0, x + noise) : other,
    })),
  );

const confidences = fc.constantFrom<Confidence>(0.9, 0.95, 0.99);
const levels = [0, 1.5, 250];

const figures = (pairs: Pair[], confidence: Confidence, errorRatio = 1): GroupFigures =>
  computeGroup(pairs, {
    confidence,
    errorRatio,
    decisionLevels: levels,
    criterion: { type: 'allowable_bias', scale: 'absolute', limit: 1 },
  });

/** Relative agreement, or absolute agreement on the data's own scale. */
const agrees = (actual: number | null, expected: number | null, scale: number) =>
  close(actual, expected, 1e-9, 1e-9 * scale);

const intervalAgrees = (actual: Interval, expected: Interval, scale: number) =>
  agrees(actual[0], expected[0], scale) && agrees(actual[1], expected[1], scale);

const scaleOf = (pairs: Pair[]) => Math.max(1, ...pairs.flatMap(({ x, y }) => [x, y])) / 100;

describe('properties', () => {
  it("keeps Passing-Bablok's and Deming's slopes and scales their intercepts when both methods are multiplied", () => {
    fc.assert(
      fc.property(groups, fc.integer({ min: 2, max: 40 }), confidences, (pairs, k, confidence) => {
        const before = figures(pairs, confidence, 1.7);
        const after = figures(
          pairs.map((pair) => ({ ...pair, x: pair.x * k, y: pair.y * k })),
          confidence,
          1.7,
        );
        const scale = scaleOf(pairs) * k;
        const times = (v: number | null) => (v === null ? null : v * k);
        const pb = before.passing_bablok;
        expect(after.passing_bablok === null).toBe(pb === null);
        if (pb && after.passing_bablok) {
          expect(agrees(after.passing_bablok.slope, pb.slope, 1e-12)).toBe(true);
          expect(intervalAgrees(after.passing_bablok.slope_ci, pb.slope_ci, 1e-12)).toBe(true);
          expect(agrees(after.passing_bablok.intercept, pb.intercept * k, scale)).toBe(true);
          const ci = pb.intercept_ci.map(times) as Interval;
          expect(intervalAgrees(after.passing_bablok.intercept_ci, ci, scale)).toBe(true);
        }
        const dm = before.deming;
        expect(after.deming === null).toBe(dm === null);
        if (dm && after.deming) {
          expect(agrees(after.deming.slope, dm.slope, 1e-9)).toBe(true);
          expect(intervalAgrees(after.deming.slope_ci, dm.slope_ci, 1e-6)).toBe(true);
          expect(agrees(after.deming.intercept, dm.intercept * k, scale)).toBe(true);
          const ci = dm.intercept_ci.map(times) as Interval;
          expect(intervalAgrees(after.deming.intercept_ci, ci, scale)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds c to the intercepts and to every bias when c is added to every test value', () => {
    fc.assert(
      fc.property(
        groups,
        fc.integer({ min: -5000, max: 5000 }),
        confidences,
        (pairs, c, confidence) => {
          const before = figures(pairs, confidence);
          const after = figures(
            pairs.map((pair) => ({ ...pair, y: pair.y + c })),
            confidence,
          );
          const shift = c / 100;
          const scale = scaleOf(pairs) + Math.abs(shift);
          const plus = (v: number | null) => (v === null ? null : v + shift);
          const ba = before.bland_altman.absolute!;
          const moved = after.bland_altman.absolute!;
          expect(agrees(moved.bias, ba.bias + shift, scale)).toBe(true);
          expect(agrees(moved.bias_ci[0], ba.bias_ci[0] + shift, scale)).toBe(true);
          expect(agrees(moved.bias_ci[1], ba.bias_ci[1] + shift, scale)).toBe(true);
          expect(agrees(moved.sd, ba.sd, scale)).toBe(true);
          const pb = before.passing_bablok;
          if (pb) {
            const pbAfter = after.passing_bablok!;
            expect(pbAfter.slope).toBe(pb.slope);
            expect(agrees(pbAfter.intercept, pb.intercept + shift, scale)).toBe(true);
            const ci = pb.intercept_ci.map(plus) as Interval;
            expect(intervalAgrees(pbAfter.intercept_ci, ci, scale)).toBe(true);
          } else expect(after.passing_bablok).toBeNull();
          const dm = before.deming;
          if (dm) {
            const dmAfter = after.deming!;
            expect(agrees(dmAfter.slope, dm.slope, 1e-9)).toBe(true);
            expect(agrees(dmAfter.intercept, dm.intercept + shift, scale)).toBe(true);
            const ci = dm.intercept_ci.map(plus) as Interval;
            expect(intervalAgrees(dmAfter.intercept_ci, ci, scale)).toBe(true);
          } else expect(after.deming).toBeNull();
          before.decision_levels.forEach((level, i) => {
            const moved = after.decision_levels[i];
            expect(agrees(moved.bias_passing_bablok, plus(level.bias_passing_bablok), scale)).toBe(
              true,
            );
            expect(agrees(moved.bias_deming, plus(level.bias_deming), scale)).toBe(true);
            const ci = level.bias_deming_ci.map(plus) as Interval;
            expect(intervalAgrees(moved.bias_deming_ci, ci, scale)).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives Wilcoxon's exact p within 0.01 of the normal approximation for m = 40 without ties", () => {
    const magnitudes = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), {
      minLength: 40,
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        magnitudes,
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (d, signs) => {
          const x = d.map(() => 20_000);
          const y = d.map((v, i) => 20_000 + (signs[i] ? v : -v));
          const exact = wilcoxonSignedRank(pairsOf(x, y))!;
          const normal = wilcoxonSignedRank(pairsOf(x, y), 'normal')!;
          expect(exact.exact).toBe(true);
          expect(normal.exact).toBe(false);
          expect(normal.v).toBe(exact.v);
          expect(Math.abs(exact.p - normal.p)).toBeLessThanOrEqual(0.01);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('has every jackknife interval contain its estimate', () => {
    fc.assert(
      fc.property(
        groups,
        confidences,
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        (pairs, confidence, errorRatio) => {
          const { deming, decision_levels } = figures(pairs, confidence, errorRatio);
          if (!deming) return;
          const contains = ([lo, hi]: Interval, estimate: number) =>
            lo === null ? hi === null : lo <= estimate && estimate <= hi!;
          expect(contains(deming.slope_ci, deming.slope)).toBe(true);
          expect(contains(deming.intercept_ci, deming.intercept)).toBe(true);
          for (const level of decision_levels) {
            expect(contains(level.bias_deming_ci, level.bias_deming!)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answers NaN or ±Infinity, whatever the data', () => {
    const finite = (value: unknown): boolean =>
      typeof value === 'number'
        ? Number.isFinite(value)
        : value !== null && typeof value === 'object'
          ? Object.values(value).every(finite)
          : true;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), {
          maxLength: 25,
        }),
        confidences,
        (rows, confidence) => {
          const pairs = rows.map(([x, y], i) => ({ id: i, x, y }));
          const group = figures(pairs, confidence);
          expect(finite(group)).toBe(true);
          expect(group.n).toBe(pairs.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
