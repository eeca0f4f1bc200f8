/**
 * Deming regression of y on x (method-comparison.md, section 3.5) with Linnet's jackknife
 * intervals, for the slope, the intercept and the bias at each decision level (section 3.6).
 *
 * The sums are exact integers (bigint, the values being hundredths); each leave-one-out fit takes
 * them from the totals minus the pair left out, so the jackknife is O(n) overall.
 */
import { tCritical } from './distributions';
import type { Confidence, Deming, Interval, Pair } from './types';

interface Sums {
  n: number;
  x: bigint;
  y: bigint;
  xx: bigint;
  yy: bigint;
  xy: bigint;
}

interface Line {
  slope: number;
  /** In the analyte's unit. */
  intercept: number;
}

/**
 * The Deming line from the sums; null when p = 0. u, q and p are taken n times larger (exact
 * integers), which leaves the slope unchanged; the root is taken in the form that does not
 * cancel.
 */
function fit({ n, x, y, xx, yy, xy }: Sums, lambda: number): Line | null {
  const bigN = BigInt(n);
  const pExact = bigN * xy - x * y;
  if (pExact === 0n) return null;
  const u = Number(bigN * xx - x * x);
  const q = Number(bigN * yy - y * y);
  const p = Number(pExact);
  const a = lambda * q - u;
  const root = Math.sqrt(a * a + 4 * lambda * p * p);
  const slope = a >= 0 ? (a + root) / (2 * lambda * p) : (2 * p) / (root - a);
  return { slope, intercept: (Number(y) - slope * Number(x)) / (n * 100) };
}

/** A Deming fit: the figures, and the biases at the decision levels with their intervals. */
export interface DemingFit {
  figures: Deming;
  levels: { bias: number; ci: Interval }[];
}

/** Mean and standard deviation (denominator n − 1) of the pseudo-values, then θ ∓ t·se. */
function jackknifeInterval(estimate: number, leftOut: Float64Array, t: number): [number, number] {
  const n = leftOut.length;
  const pseudo = leftOut.map((value) => n * estimate - (n - 1) * value);
  let sum = 0;
  for (const value of pseudo) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of pseudo) squares += (value - mean) ** 2;
  const se = Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
  return [estimate - t * se, estimate + t * se];
}

/**
 * Deming's figures with λ = `errorRatio`, and the biases `intercept + (slope − 1)·X` at the
 * decision levels (in the analyte's unit); null with n < 3 or p = 0. An interval is null when a
 * leave-one-out fit is undefined (its p is 0).
 */
export function demingFit(
  pairs: readonly Pair[],
  errorRatio: number,
  confidence: Confidence,
  decisionLevels: readonly number[] = [],
): DemingFit | null {
  if (!(errorRatio > 0 && Number.isFinite(errorRatio))) {
    throw new RangeError(`The error ratio must be a positive number (${errorRatio}).`);
  }
  const n = pairs.length;
  if (n < 3) return null;
  const xs = pairs.map((pair) => BigInt(pair.x));
  const ys = pairs.map((pair) => BigInt(pair.y));
  const total: Sums = { n, x: 0n, y: 0n, xx: 0n, yy: 0n, xy: 0n };
  for (let i = 0; i < n; i++) {
    total.x += xs[i];
    total.y += ys[i];
    total.xx += xs[i] * xs[i];
    total.yy += ys[i] * ys[i];
    total.xy += xs[i] * ys[i];
  }
  const line = fit(total, errorRatio);
  if (!line) return null;

  const slopes = new Float64Array(n);
  const intercepts = new Float64Array(n);
  let defined = true;
  for (let i = 0; i < n && defined; i++) {
    const without = fit(
      {
        n: n - 1,
        x: total.x - xs[i],
        y: total.y - ys[i],
        xx: total.xx - xs[i] * xs[i],
        yy: total.yy - ys[i] * ys[i],
        xy: total.xy - xs[i] * ys[i],
      },
      errorRatio,
    );
    if (!without) defined = false;
    else {
      slopes[i] = without.slope;
      intercepts[i] = without.intercept;
    }
  }
  const t = tCritical(confidence, n - 2);
  const none: Interval = [null, null];
  const interval = (estimate: number, leftOut: () => Float64Array): Interval =>
    defined ? jackknifeInterval(estimate, leftOut(), t) : [...none];
  return {
    figures: {
      error_ratio: errorRatio,
      slope: line.slope,
      slope_ci: interval(line.slope, () => slopes),
      intercept: line.intercept,
      intercept_ci: interval(line.intercept, () => intercepts),
    },
    levels: decisionLevels.map((level) => {
      const bias = line.intercept + (line.slope - 1) * level;
      return {
        bias,
        ci: interval(bias, () => intercepts.map((b, i) => b + (slopes[i] - 1) * level)),
      };
    }),
  };
}

/** Deming's figures (section 3.5); null with n < 3 or p = 0. */
export const deming = (
  pairs: readonly Pair[],
  errorRatio: number,
  confidence: Confidence,
): Deming | null => demingFit(pairs, errorRatio, confidence)?.figures ?? null;
