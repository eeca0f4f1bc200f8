/**
 * Student's t and the standard normal distribution, from stdlib (the JavaScript port of the
 * Cephes and Boost algorithms R's own are checked against): quantiles and CDFs accurate to a few
 * ulps, tails included, with nothing hand-rolled here.
 */
import normalCdfOf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantileOf from '@stdlib/stats-base-dists-normal-quantile';
import tCdfOf from '@stdlib/stats-base-dists-t-cdf';
import tQuantileOf from '@stdlib/stats-base-dists-t-quantile';

/** `t(q, ν)`: Student's t quantile. */
export const tQuantile = (q: number, df: number): number => tQuantileOf(q, df);

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export const tCdf = (t: number, df: number): number => tCdfOf(t, df);

/** `z(q)`: the standard normal quantile. */
export const normalQuantile = (q: number): number => normalQuantileOf(q, 0, 1);

/** Φ(z): the standard normal CDF. */
export const normalCdf = (z: number): number => normalCdfOf(z, 0, 1);

/** `t(1 − α/2, df)` for a confidence level (1 − α). */
export const tCritical = (confidence: number, df: number): number =>
  tQuantile(1 - (1 - confidence) / 2, df);

/** `z(1 − α/2)` for a confidence level (1 − α). */
export const zCritical = (confidence: number): number => normalQuantile(1 - (1 - confidence) / 2);
