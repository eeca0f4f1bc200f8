/** Line statistics (vial-data.md, "Line range and statistics"). */
export interface Summary {
  n: number;
  /** null without values. */
  mean: number | null;
  /** Sample standard deviation (n − 1); null below 2 values. */
  stddev: number | null;
  /** Coefficient of variation, 100·s/μ percent; null when stddev is, or μ is 0. */
  cv: number | null;
}

export function summarize(values: ArrayLike<number>): Summary {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  // Two passes: squared deviations from the mean do not cancel catastrophically.
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) ** 2;
  return summaryOf(n, mean, squares);
}

/**
 * The summary of n values from their mean and their sum of squared deviations from it (what
 * summarize computes, or what exact running sums give: a line's tally).
 */
export function summaryOf(n: number, mean: number, squaredDeviations: number): Summary {
  if (n === 0) return { n, mean: null, stddev: null, cv: null };
  if (n < 2) return { n, mean, stddev: null, cv: null };
  const stddev = Math.sqrt(squaredDeviations / (n - 1));
  return { n, mean, stddev, cv: mean === 0 ? null : (100 * stddev) / mean };
}

/** Two-sided 99% normal quantile. */
export const Z_99 = 2.5758;

export interface MetricRange {
  lower: number;
  upper: number;
}

/** The range covering 99% of measurements; a metric cannot be negative, so neither is `lower`. */
export function rangeCovering99(mean: number, stddev: number): MetricRange {
  return { lower: Math.max(0, mean - Z_99 * stddev), upper: mean + Z_99 * stddev };
}
