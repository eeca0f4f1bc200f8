/**
 * Deming regression of y on x (method-comparison.md, section 3.5) with Linnet's jackknife
 * intervals, for the slope, the intercept and the bias at each decision level (section 3.6).
 *
 * The sums are exact integers (the values being hundredths); each leave-one-out fit takes them
 * from the totals minus the pair left out, so the jackknife is O(n) overall.
 */
import { tCritical } from './distributions';
import type { Confidence, Deming, Interval, Pair } from './types';

interface Line {
  slope: number;
  /** In the analyte's unit. */
  intercept: number;
}

/**
 * The moments of a set of pairs: u = n·Σx² − (Σx)², q = n·Σy² − (Σy)², p = n·Σxy − Σx·Σy (n
 * times the usual ones, exact integers rounded once to doubles) and the sums Σx, Σy.
 */
interface Moments {
  n: number;
  u: number;
  q: number;
  p: number;
  x: number;
  y: number;
}

/**
 * The Deming line from the moments; null when p = 0. u, q and p being n times larger leaves the
 * slope unchanged; the root is taken in the form that does not cancel.
 */
function fit({ n, u, q, p, x, y }: Moments, lambda: number): Line | null {
  if (p === 0) return null;
  const a = lambda * q - u;
  const root = Math.sqrt(a * a + 4 * lambda * p * p);
  const slope = a >= 0 ? (a + root) / (2 * lambda * p) : (2 * p) / (root - a);
  return { slope, intercept: (y - slope * x) / (n * 100) };
}

/**
 * The moments of all pairs and of each leave-one-out set, from exact integer sums (the values
 * being hundredths): each leave-one-out takes the totals minus its pair, so the jackknife is O(n).
 * In doubles when every product stays below 2^52 (n²·max|value|², as for a few hundred pairs of
 * values up to a thousand), in bigints otherwise; both give the same doubles.
 */
function momentsOf(pairs: readonly Pair[]): (leftOut?: number) => Moments {
  const n = pairs.length;
  let largest = 0;
  for (const { x, y } of pairs) largest = Math.max(largest, Math.abs(x), Math.abs(y));
  if (n * n * largest * largest <= 2 ** 52) {
    let x = 0;
    let y = 0;
    let xx = 0;
    let yy = 0;
    let xy = 0;
    for (const pair of pairs) {
      x += pair.x;
      y += pair.y;
      xx += pair.x * pair.x;
      yy += pair.y * pair.y;
      xy += pair.x * pair.y;
    }
    return (leftOut) => {
      const { x: a, y: b } = leftOut === undefined ? { x: 0, y: 0 } : pairs[leftOut];
      const m = leftOut === undefined ? n : n - 1;
      const [sx, sy] = [x - a, y - b];
      return {
        n: m,
        u: m * (xx - a * a) - sx * sx,
        q: m * (yy - b * b) - sy * sy,
        p: m * (xy - a * b) - sx * sy,
        x: sx,
        y: sy,
      };
    };
  }
  const xs = pairs.map((pair) => BigInt(pair.x));
  const ys = pairs.map((pair) => BigInt(pair.y));
  let [x, y, xx, yy, xy] = [0n, 0n, 0n, 0n, 0n];
  for (let i = 0; i < n; i++) {
    x += xs[i];
    y += ys[i];
    xx += xs[i] * xs[i];
    yy += ys[i] * ys[i];
    xy += xs[i] * ys[i];
  }
  return (leftOut) => {
    const [a, b] = leftOut === undefined ? [0n, 0n] : [xs[leftOut], ys[leftOut]];
    const m = leftOut === undefined ? n : n - 1;
    const [bigM, sx, sy] = [BigInt(m), x - a, y - b];
    return {
      n: m,
      u: Number(bigM * (xx - a * a) - sx * sx),
      q: Number(bigM * (yy - b * b) - sy * sy),
      p: Number(bigM * (xy - a * b) - sx * sy),
      x: Number(sx),
      y: Number(sy),
    };
  };
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
  const moments = momentsOf(pairs);
  const line = fit(moments(), errorRatio);
  if (!line) return null;

  const slopes = new Float64Array(n);
  const intercepts = new Float64Array(n);
  let defined = true;
  for (let i = 0; i < n && defined; i++) {
    const without = fit(moments(i), errorRatio);
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
