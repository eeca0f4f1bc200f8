/**
 * Bland-Altman (method-comparison.md, section 3.1) and the paired t-test (section 3.2), both on
 * the differences y − x: exact integers of hundredths on the absolute scale.
 */
import { tCdf, tCritical } from './distributions';
import type { BlandAltman, Confidence, PairedT, Pair, Scale } from './types';

/** The spread of the limits of agreement, whatever the confidence. */
const LOA_Z = 1.96;

interface Description {
  n: number;
  mean: number;
  sd: number;
}

/**
 * Mean and standard deviation (denominator n − 1) of `values / divisor`; the standard deviation
 * is exactly 0 when every value is equal (no rounding noise can make it positive).
 */
function describe(values: ArrayLike<number>, divisor: number): Description {
  const n = values.length;
  let sum = 0;
  let allEqual = true;
  for (let i = 0; i < n; i++) {
    sum += values[i];
    if (values[i] !== values[0]) allEqual = false;
  }
  if (allEqual) return { n, mean: values[0] / divisor, sd: 0 };
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) ** 2;
  return { n, mean: sum / (n * divisor), sd: Math.sqrt(squares / (n - 1)) / divisor };
}

/** The differences y − x in hundredths (exact integers). */
export function differences(pairs: readonly Pair[]): Float64Array {
  const d = new Float64Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) d[i] = pairs[i].y - pairs[i].x;
  return d;
}

/** The percent differences 100·(y − x)/x over the pairs with x > 0 (each rounded once). */
export function percentDifferences(pairs: readonly Pair[]): Float64Array {
  const d: number[] = [];
  for (const { x, y } of pairs) if (x > 0) d.push((100 * (y - x)) / x);
  return Float64Array.from(d);
}

/** How many pairs a scale has: all of them, or those with a positive reference for percent. */
export const scaleCount = (pairs: readonly Pair[], scale: Scale): number =>
  scale === 'absolute' ? pairs.length : pairs.reduce((count, { x }) => count + (x > 0 ? 1 : 0), 0);

/**
 * Bland-Altman figures on one scale, in the analyte's unit (absolute) or in percent; null with
 * fewer than 3 pairs on that scale.
 */
export function blandAltman(
  pairs: readonly Pair[],
  scale: Scale,
  confidence: Confidence,
): BlandAltman | null {
  const { n, mean, sd } =
    scale === 'absolute'
      ? describe(differences(pairs), 100)
      : describe(percentDifferences(pairs), 1);
  if (n < 3) return null;
  const t = tCritical(confidence, n - 1);
  const biasHalf = (t * sd) / Math.sqrt(n);
  const limitHalf = t * sd * Math.sqrt(3 / n);
  const loaLower = mean - LOA_Z * sd;
  const loaUpper = mean + LOA_Z * sd;
  return {
    n,
    bias: mean,
    sd,
    bias_ci: [mean - biasHalf, mean + biasHalf],
    loa_lower: loaLower,
    loa_lower_ci: [loaLower - limitHalf, loaLower + limitHalf],
    loa_upper: loaUpper,
    loa_upper_ci: [loaUpper - limitHalf, loaUpper + limitHalf],
  };
}

/** The paired t-test on the absolute differences, two-sided; null with n < 3 or s = 0. */
export function pairedT(pairs: readonly Pair[]): PairedT | null {
  const { n, mean, sd } = describe(differences(pairs), 1);
  if (n < 3 || sd === 0) return null;
  const t = mean / (sd / Math.sqrt(n));
  const df = n - 1;
  return { t, df, p: Math.min(1, 2 * tCdf(-Math.abs(t), df)) };
}
