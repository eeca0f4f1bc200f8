/**
 * The before/after test of lab-feed.md section 7, pure: Wilson score limits, Newcombe's hybrid
 * score interval for a difference of two proportions (1998, method 10) and Fisher's exact test,
 * two-sided, as R's `fisher.test` computes it.
 */

/** z(0.975), the two-sided 95% normal quantile, to the digits the spec gives. */
export const Z_95 = 1.959963984540054;

/** R's relative tolerance for "as probable as the observed table" (`1 + 10⁻⁷`). */
const FISHER_RELATIVE_TOLERANCE = 1 + 1e-7;

/** Wilson's score interval `[l, u]` of x successes in n > 0 trials. */
export function wilsonLimits(x: number, n: number, z = Z_95): [number, number] {
  const z2 = z * z;
  const centre = x + z2 / 2;
  const half = z * Math.sqrt((x * (n - x)) / n + z2 / 4);
  return [(centre - half) / (n + z2), (centre + half) / (n + z2)];
}

/** Successes out of trials on one side of the comparison. */
export interface Proportion {
  x: number;
  n: number;
}

/**
 * `d = p_a − p_b` with Newcombe's hybrid score interval (method 10): each proportion's Wilson
 * limits, combined as `[d − √((p_a − l_a)² + (u_b − p_b)²), d + √((u_a − p_a)² + (p_b − l_b)²)]`.
 * Both sides need n > 0.
 */
export function newcombeDifference(
  after: Proportion,
  before: Proportion,
): { difference: number; ci95: [number, number] } {
  const pa = after.x / after.n;
  const pb = before.x / before.n;
  const [la, ua] = wilsonLimits(after.x, after.n);
  const [lb, ub] = wilsonLimits(before.x, before.n);
  const d = pa - pb;
  return {
    difference: d,
    ci95: [d - Math.hypot(pa - la, ub - pb), d + Math.hypot(ua - pa, pb - lb)],
  };
}

/** The coefficients of Stirling's series for ln n! (n ≥ 256 leaves an error below 1e-20). */
const STIRLING_FROM = 256;
const SMALL_LOG_FACTORIALS: number[] = [0];
for (let i = 1; i < STIRLING_FROM; i++)
  SMALL_LOG_FACTORIALS.push(SMALL_LOG_FACTORIALS[i - 1] + Math.log(i));

/** ln n! = ln Γ(n + 1) of a whole n ≥ 0: a table below 256, Stirling's series above. */
export function logFactorial(n: number): number {
  if (n < STIRLING_FROM) return SMALL_LOG_FACTORIALS[n];
  const inv = 1 / n;
  const inv2 = inv * inv;
  return (
    n * Math.log(n) -
    n +
    0.5 * Math.log(2 * Math.PI * n) +
    inv * (1 / 12 - inv2 * (1 / 360 - inv2 * (1 / 1260 - inv2 / 1680)))
  );
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * Fisher's exact test, two-sided, on `[[x_a, n_a − x_a], [x_b, n_b − x_b]]` exactly as R's
 * `fisher.test`: the hypergeometric probabilities f(k) of the support, in log-gamma and
 * normalised over the support, summed where f(k) ≤ f(x_a)·(1 + 10⁻⁷), at most 1. One pass over
 * at most min(n_a, m) + 1 terms.
 */
export function fisherExactTwoSided(after: Proportion, before: Proportion): number {
  const m = after.x + before.x;
  const total = after.n + before.n;
  const lo = Math.max(0, after.n - total + m);
  const hi = Math.min(after.n, m);
  // log f(k) up to a constant: log C(m, k) + log C(N − m, n_a − k).
  const logF = new Float64Array(hi - lo + 1);
  let peak = -Infinity;
  for (let k = lo; k <= hi; k++) {
    logF[k - lo] = logChoose(m, k) + logChoose(total - m, after.n - k);
    peak = Math.max(peak, logF[k - lo]);
  }
  const observed = Math.exp(logF[after.x - lo] - peak) * FISHER_RELATIVE_TOLERANCE;
  let sum = 0;
  let tail = 0;
  for (const logf of logF) {
    const f = Math.exp(logf - peak);
    sum += f;
    if (f <= observed) tail += f;
  }
  return Math.min(1, tail / sum);
}

/** The before/after comparison's figures; null where a side has no sample. */
export interface BeforeAfterFigures {
  difference: number | null;
  ci95: [number, number] | null;
  p_value: number | null;
}

/** Difference, interval and p-value of after against before (all null when a side has n = 0). */
export function compareProportions(after: Proportion, before: Proportion): BeforeAfterFigures {
  if (after.n === 0 || before.n === 0) return { difference: null, ci95: null, p_value: null };
  return {
    ...newcombeDifference(after, before),
    p_value: fisherExactTwoSided(after, before),
  };
}
