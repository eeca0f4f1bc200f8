/**
 * The statistics of peer benchmarking (peer-benchmarking.md section 6), exactly as the spec
 * states them: ISO 13528 Algorithm A, percentiles by linear interpolation between closest ranks,
 * a member's z, percentile and quintile, and the bands.
 */
import type { HemolysisBand, Indicator, LineBand } from '../api/benchmarks';

/** Algorithm A's constants (ISO 13528). */
const MAD_FACTOR = 1.483;
const SD_FACTOR = 1.134;
const WINSOR = 1.5;
const TOLERANCE = 1e-10;
const MAX_STEPS = 1000;

/** The values ascending (a typed array sorts numbers natively, several times faster). */
const ascending = (values: readonly number[]): number[] =>
  Array.from(Float64Array.from(values).sort());

/** The median of sorted values: the middle one, or the mean of the two middle ones. */
const medianOfSorted = (sorted: readonly number[]): number => {
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const median = (values: readonly number[]): number => medianOfSorted(ascending(values));

/** The first index of ascending `sorted` whose value passes `reached` (its length when none does). */
function firstIndex(sorted: readonly number[], reached: (v: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reached(sorted[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface Robust {
  /** x*, the robust mean. */
  mean: number;
  /** s*, the robust standard deviation. */
  sd: number;
}

/**
 * ISO 13528 Algorithm A over at least one value (section 6). Each step winsorises the values to
 * [x* − δ, x* + δ]; over the values sorted once, with running sums of their distances to the
 * median, a step's mean and sum of squares are read at the two clipping points instead of from
 * every value (a group of 20,000 lines may take hundreds of steps). Distances to the median keep
 * the sum of squares free of cancellation.
 */
export function algorithmA(values: readonly number[]): Robust {
  const n = values.length;
  const sorted = ascending(values);
  const centre = medianOfSorted(sorted);
  let mean = centre;
  let sd = MAD_FACTOR * median(sorted.map((x) => Math.abs(x - centre)));
  if (sd === 0) return { mean, sd: 0 };
  // sums[i], squares[i]: of (x − centre) and its square over the i smallest values.
  const sums = new Float64Array(n + 1);
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const d = sorted[i] - centre;
    sums[i + 1] = sums[i] + d;
    squares[i + 1] = squares[i] + d * d;
  }
  for (let step = 0; step < MAX_STEPS; step++) {
    const delta = WINSOR * sd;
    const low = mean - delta - centre;
    const high = mean + delta - centre;
    // Values below `low` count as `low`, those above `high` as `high` (distances to the centre).
    const a = firstIndex(sorted, (v) => v - centre >= low);
    const b = firstIndex(sorted, (v) => v - centre > high);
    const above = n - b;
    const sum = a * low + (sums[b] - sums[a]) + above * high;
    const sumSquares = a * low * low + (squares[b] - squares[a]) + above * high * high;
    const shift = sum / n;
    const nextMean = centre + shift;
    const nextSd = SD_FACTOR * Math.sqrt(Math.max(0, sumSquares - n * shift * shift) / (n - 1));
    const done =
      Math.abs(nextMean - mean) <= TOLERANCE * nextSd &&
      Math.abs(nextSd - sd) <= TOLERANCE * nextSd;
    mean = nextMean;
    sd = nextSd;
    if (done) break;
  }
  return { mean, sd };
}

/** The p-quantile (0 ≤ p ≤ 1) of sorted values, interpolating between closest ranks (numpy's). */
export function quantileOfSorted(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export interface Percentiles {
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
}

export function percentilesOf(values: readonly number[]): Percentiles {
  const sorted = ascending(values);
  return {
    p10: quantileOfSorted(sorted, 0.1),
    p25: quantileOfSorted(sorted, 0.25),
    p50: quantileOfSorted(sorted, 0.5),
    p75: quantileOfSorted(sorted, 0.75),
    p90: quantileOfSorted(sorted, 0.9),
  };
}

/** A group's figures: Algorithm A and the percentiles over its values. */
export interface GroupFigures {
  robust: Robust;
  percentiles: Percentiles;
  /** The values, ascending (to place a member). */
  sorted: number[];
}

export const figuresOf = (values: readonly number[]): GroupFigures => ({
  robust: algorithmA(values),
  percentiles: percentilesOf(values),
  sorted: ascending(values),
});

export interface Placement {
  /** null when s* = 0. */
  z: number | null;
  percentile: number;
  /** 1 (smoothest or lowest fifth) to 5. */
  quintile: number;
}

/** Where a member value `x` of the group stands (section 6). */
export function placementOf(figures: GroupFigures, x: number): Placement {
  const { sorted, robust } = figures;
  const n = sorted.length;
  // Two binary searches, not a pass over the group: a quarter places every line of 20,000.
  const below = firstIndex(sorted, (v) => v >= x);
  const equal = firstIndex(sorted, (v) => v > x) - below;
  // ⌊percentile / 20⌋ = ⌊5·(B + E/2)/n⌋, in integers so that an edge is never missed by a bit.
  const quintile = Math.min(5, Math.floor((10 * below + 5 * equal) / (2 * n)) + 1);
  return {
    z: robust.sd === 0 ? null : (x - robust.mean) / robust.sd,
    percentile: (100 * (below + equal / 2)) / n,
    quintile,
  };
}

/** ISO 13528's interpretation of z, one-sided: only rough is bad. */
export function lineBandOf(z: number | null): LineBand | null {
  if (z === null) return null;
  if (z <= 2) return 'satisfactory';
  return z < 3 ? 'questionable' : 'unsatisfactory';
}

/** IFCC WG-LEPS specifications for Pre-HemI and Pre-HemR, in integers (c of N samples). */
const HEMOLYSIS_BANDS: Partial<Record<Indicator, { scale: number; high: number; low: number }>> = {
  pre_hemi: { scale: 10_000, high: 69, low: 323 },
  pre_hemr: { scale: 100_000, high: 49, low: 882 },
};

export function hemolysisBandOf(
  indicator: Indicator,
  count: number,
  measurements: number,
): HemolysisBand | null {
  const spec = HEMOLYSIS_BANDS[indicator];
  if (!spec) return null;
  if (spec.scale * count <= spec.high * measurements) return 'high';
  return spec.scale * count >= spec.low * measurements ? 'low' : 'medium';
}
