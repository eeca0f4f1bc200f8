/**
 * Passing-Bablok regression of y on x (method-comparison.md, section 3.4), with the confidence
 * bounds as R's mcr (`method.reg = "PaBa"`, tangent, analytical) computes them, on exact values.
 *
 * The N = n(n−1)/2 slopes are computed into a Float64Array (+∞ for equal references), E and K
 * counted while filling by integer comparison (a slope of −1 is dy = −dx). The estimate and its
 * bounds need only the slopes at a few ranks of the sorted order (at most 6: the one or two that
 * med(N + L), med(N − C + L) and med(N + C + L) average), so those are found by selection
 * (`selectRanks`, O(N) expected) rather than by sorting all N slopes (O(N log N), and most of the
 * time of a study's results). Each slope dy/dx of integers is rounded once, so equal slopes stay
 * equal and the value at a rank is exactly the one a full sort puts there. Those few slopes are
 * then recovered as fractions of integers, so a median of two slopes and the intercepts (medians
 * of y − slope·x) are exact up to the final conversion to a double.
 */
import { zCritical } from './distributions';
import { medianOver, midpoint, ratio, type Rational, toNumber } from './rational';
import type { Confidence, Interval, Pair, PassingBablok } from './types';

/** A slope or intercept: its double, and the exact fraction it comes from. */
interface Exact {
  value: number;
  exact: Rational;
}

/** The figures, with the exact slope and intercept the biases at decision levels need. */
export interface PassingBablokFit {
  figures: PassingBablok;
  /** The slope, exact. */
  slope: Rational;
  /** The intercept in hundredths, exact. */
  intercept: Rational;
}

/** The most slopes one regression holds (2^32 − 1: the longest typed array everywhere). */
export const MAX_SLOPES = 2 ** 32 - 1;

/** Round halves away from zero. */
const roundHalfAway = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** The 0-based ranks `med(q)` averages (equal when q is odd), or null. */
type Positions = [number, number] | null;

export function passingBablokFit(
  pairs: readonly Pair[],
  confidence: Confidence,
): PassingBablokFit | null {
  const n = pairs.length;
  if (n < 3) return null;
  if ((n * (n - 1)) / 2 > MAX_SLOPES) {
    throw new RangeError(`Passing-Bablok holds at most ${MAX_SLOPES} slopes (n = ${n}).`);
  }
  // By reference, then test: every pair i < j then has dx ≥ 0, so that a slope's count in E or
  // K is one integer comparison (dy = −dx, dy < −dx) and equal references give dy ≥ 0.
  const sorted = [...pairs].sort((a, b) => a.x - b.x || a.y - b.y);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  sorted.forEach(({ x, y }, i) => {
    xs[i] = x;
    ys[i] = y;
  });
  const c = roundHalfAway(zCritical(confidence) * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18));
  // Slopes that fit the scratch array are all computed and selected from (as fast, and with no
  // sample to draw); more are narrowed to a band first, never held all at once.
  const banded = (n * (n - 1)) / 2 > SCRATCH_SLOPES ? bandedSlopes(xs, ys, c) : undefined;
  const found = banded === undefined ? allSlopes(xs, ys, c) : banded;
  if (!found) return null;
  const { estimate, lowerAt, upperAt, valueAt, fractions } = found;
  const exactOf = (at: [number, number]): Exact => {
    const a = valueAt(at[0]);
    const b = valueAt(at[1]);
    // (+ 0: a slope 0/−dx is −0, which the answer writes as 0)
    if (a === b) return { value: a + 0, exact: fractions.get(a)! };
    const exact = midpoint(fractions.get(a)!, fractions.get(b)!);
    return { value: toNumber(exact), exact };
  };
  const slope = exactOf(estimate);
  const lower = lowerAt ? exactOf(lowerAt) : null;
  const upper = upperAt ? exactOf(upperAt) : null;

  // 3, 5. Intercepts: the median of y − slope·x, for the slope and each bound.
  const interceptOf = (s: Rational): Rational => interceptMedian(xs, ys, s);
  const intercept = interceptOf(slope.exact);
  const unit = (r: Rational): number => toNumber(r) / 100;
  const slopeCi: Interval = [lower?.value ?? null, upper?.value ?? null];
  const interceptCi: Interval = [
    upper ? unit(interceptOf(upper.exact)) : null,
    lower ? unit(interceptOf(lower.exact)) : null,
  ];
  return {
    figures: {
      slope: slope.value,
      slope_ci: slopeCi,
      intercept: unit(intercept),
      intercept_ci: interceptCi,
    },
    slope: slope.exact,
    intercept,
  };
}

/** The ranks of the ascending slopes each `med(q)` averages: the estimate's and its bounds'. */
interface Ranks {
  estimate: Positions;
  lower: Positions;
  upper: Positions;
}

/** Steps 3 and 4: which ranks the estimate and its bounds use, from N, E, K and C. */
function ranksFor(bigN: number, e: number, k: number, c: number): Ranks {
  const l = 2 * k + e;
  /** The 0-based ranks `med(q)` averages, or null when they lie beyond the N slopes. */
  const ranksOf = (q: number): Positions => {
    if (q < 1) return null;
    const a = q % 2 === 1 ? (q + 1) / 2 : q / 2;
    const b = q % 2 === 1 ? a : a + 1;
    return b > bigN ? null : [a - 1, b - 1];
  };
  const lowerExists = Math.floor((bigN - c + l + 1) / 2) >= 2 * e + 1;
  const upperExists = Math.floor((bigN + c + l + 1) / 2) <= bigN;
  const both = lowerExists && upperExists;
  return {
    estimate: ranksOf(bigN + l),
    lower: both ? ranksOf(bigN - c + l) : null,
    upper: both ? ranksOf(bigN + c + l) : null,
  };
}

/** The distinct ranks of `ranks`, ascending. */
function rankList({ estimate, lower, upper }: Ranks): number[] {
  const list = new Set<number>();
  for (const at of [estimate, lower, upper]) if (at) for (const r of at) list.add(r);
  return [...list].sort((a, b) => a - b);
}

/** The slopes a fit uses, once selected: their ranks, values and fractions. */
interface Selected {
  estimate: [number, number];
  lowerAt: Positions;
  upperAt: Positions;
  /** The slope at a selected rank. */
  valueAt: (rank: number) => number;
  /** For each slope at those ranks, one pair's dy/dx that rounds to it. */
  fractions: Map<number, Rational>;
}

/** `ranks` with the bounds at +∞ dropped; null when the estimate's upper slope is +∞. */
function selectedOf(
  ranks: Ranks,
  valueAt: (rank: number) => number,
  fractionsOf: (wanted: Set<number>) => Map<number, Rational>,
): Selected | null {
  /** `med(q)`'s ranks, or null when it is +∞ (its upper slope is). */
  const finite = (at: Positions): Positions => (at && valueAt(at[1]) !== Infinity ? at : null);
  const estimate = finite(ranks.estimate);
  if (!estimate) return null;
  const lowerAt = finite(ranks.lower);
  const upperAt = finite(ranks.upper);
  const wanted = new Set<number>();
  for (const at of [estimate, lowerAt, upperAt]) if (at) for (const r of at) wanted.add(valueAt(r));
  return { estimate, lowerAt, upperAt, valueAt, fractions: fractionsOf(wanted) };
}

/**
 * Steps 1 and 2 on every slope: all N computed into an array (E and K counted while filling, by
 * integer comparison: a slope of −1 is dy = −dx), the few ranks put in place by selection, their
 * fractions found by dividing again. Null when there is no slope or the estimate is +∞.
 */
function allSlopes(xs: Float64Array, ys: Float64Array, c: number): Selected | null {
  const n = xs.length;
  const slopes = slopeArray((n * (n - 1)) / 2);
  let count = 0;
  let e = 0;
  let k = 0;
  for (let i = 0; i < n - 1; i++) {
    const xi = xs[i];
    const yi = ys[i];
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j] - xi;
      const dy = ys[j] - yi;
      if (dx === 0) {
        if (dy !== 0) slopes[count++] = Infinity;
        continue;
      }
      if (dy <= -dx) {
        if (dy === -dx) e++;
        else k++;
      }
      slopes[count++] = dy / dx;
    }
  }
  if (count === 0) return null;
  const ranks = ranksFor(count, e, k, c);
  if (!ranks.estimate) return null;
  const sorted = slopes.subarray(0, count);
  selectRanks(sorted, rankList(ranks));
  return selectedOf(
    ranks,
    (rank) => sorted[rank],
    (wanted) => findFractions(xs, ys, wanted),
  );
}

/** Slopes drawn to bracket the ranks a fit needs (at least, and about 8·√N when more). */
const BAND_SAMPLE = 4096;

/**
 * Steps 1 and 2 without holding every slope: a sample of slopes (pairs drawn by a fixed
 * generator, so the same pairs give the same work) brackets the ranks the estimate and its bounds
 * need by two slope values lo ≤ hi, with a margin of about 4 standard errors. One pass over the
 * pairs then counts N, E, K and the slopes below lo, and keeps only those in [lo, hi] (the band),
 * with their pair, in the pairs' order. The ranks are then selected in the band, and the first
 * pair of the band giving each wanted slope is the first of all pairs (every slope of that value
 * is in the band): the same values and fractions as `allSlopes`. Undefined when the sample cannot
 * help (few slopes) or missed (a rank outside the band, or the band larger than expected): the
 * caller then uses `allSlopes`.
 *
 * The pass is most of a fit's time, and whether a slope lies below, in or above the band is a coin
 * toss the processor cannot predict: it counts and keeps by arithmetic on the comparisons
 * (`+(a < b)`), writing every slope to the band's next free place and advancing only for those
 * inside, which takes no branch.
 */
function bandedSlopes(xs: Float64Array, ys: Float64Array, c: number): Selected | null | undefined {
  const n = xs.length;
  const pairCount = (n * (n - 1)) / 2;
  const draws = Math.min(
    pairCount >> 2,
    Math.max(BAND_SAMPLE, Math.round(8 * Math.sqrt(pairCount))),
  );
  if (draws < 256) return undefined;
  // The sample: slopes of drawn pairs i < j, and how many of them are −1 or < −1.
  let seed = 0x9e3779b9;
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const sample = new Float64Array(draws);
  let taken = 0;
  let sampleE = 0;
  let sampleK = 0;
  for (let d = 0; d < draws; d++) {
    let i = Math.floor(next() * n);
    let j = Math.floor(next() * (n - 1));
    if (j >= i) j++;
    else [i, j] = [j, i];
    const dx = xs[j] - xs[i];
    const dy = ys[j] - ys[i];
    if (dx === 0) {
      if (dy !== 0) sample[taken++] = Infinity;
      continue;
    }
    if (dy <= -dx) {
      if (dy === -dx) sampleE++;
      else sampleK++;
    }
    sample[taken++] = dy / dx;
  }
  if (taken === 0) return undefined;
  // The ranks' span as fractions of N, estimated from the sample, widened by the margin.
  const l = 2 * sampleK + sampleE;
  const margin = 2 * Math.sqrt(taken) + 2 * Math.sqrt(l + 1);
  const span = (c * draws) / pairCount;
  const lowAt = Math.floor((taken - span + l) / 2 - margin) - 1;
  const highAt = Math.ceil((taken + span + l) / 2 + margin) + 1;
  if (lowAt >= taken || highAt < 0) return undefined;
  const drawn = sample.subarray(0, taken);
  selectRanks(
    drawn,
    [lowAt, highAt].filter((rank) => rank >= 0 && rank < taken),
  );
  const lo = lowAt < 0 ? -Infinity : drawn[lowAt];
  const hi = highAt >= taken ? Infinity : drawn[highAt];
  const capacity = Math.min(
    pairCount,
    Math.ceil(((Math.min(highAt, taken) - Math.max(lowAt, 0) + 1) / taken) * pairCount * 1.25) +
      1024,
  );
  // The pass: N, E, K, the slopes below lo, and the band with each slope's pair (i·n + j). A
  // slope beyond the capacity is written to the spare last place, and the band then refused.
  const band = new Float64Array(capacity + 1);
  const where = new Float64Array(capacity + 1);
  let size = 0;
  let below = 0;
  let count = 0;
  let e = 0;
  let k = 0;
  for (let i = 0; i < n - 1; i++) {
    const xi = xs[i];
    const yi = ys[i];
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j] - xi;
      const dy = ys[j] - yi;
      let slope: number;
      if (dx === 0) {
        if (dy === 0) continue;
        slope = Infinity;
      } else {
        if (dy <= -dx) {
          if (dy === -dx) e++;
          else k++;
        }
        slope = dy / dx;
      }
      count++;
      below += +(slope < lo);
      const at = size < capacity ? size : capacity;
      band[at] = slope;
      where[at] = i * n + j;
      size += +(slope >= lo) & +(slope <= hi);
    }
  }
  if (count === 0) return null;
  const ranks = ranksFor(count, e, k, c);
  if (!ranks.estimate) return null;
  const wanted = rankList(ranks);
  if (size > capacity || wanted[0] < below || wanted[wanted.length - 1] >= below + size) {
    return undefined;
  }
  const selected = band.slice(0, size);
  selectRanks(
    selected,
    wanted.map((rank) => rank - below),
  );
  return selectedOf(
    ranks,
    (rank) => selected[rank - below],
    (values) => {
      const list = wantedList(values);
      const found = new Map<number, Rational>();
      for (let t = 0; t < size && found.size < values.size; t++) {
        const slope = band[t];
        if (!isWanted(slope, list) || found.has(slope)) continue;
        const i = Math.floor(where[t] / n);
        const j = where[t] - i * n;
        found.set(slope, ratio(ys[j] - ys[i], xs[j] - xs[i]));
      }
      return found;
    },
  );
}

/**
 * Regressions of up to this many slopes (n ≤ 724) share one scratch array, allocated once (2 MiB
 * held for the life of the process): a study computes many groups in a row, each of which would
 * otherwise allocate and zero its own. Larger ones allocate theirs, released after the call.
 */
const SCRATCH_SLOPES = 2 ** 18;
let scratch: Float64Array | null = null;

/** An array of at least `size` slopes, its contents undefined (passingBablokFit writes them all). */
function slopeArray(size: number): Float64Array {
  if (size > SCRATCH_SLOPES) return new Float64Array(size);
  scratch ??= new Float64Array(SCRATCH_SLOPES);
  return scratch;
}

/** Below this many values, a part of the array is sorted rather than partitioned further. */
const SORT_BELOW = 32;

/**
 * Rearranges `values` so that at each of `ranks` (0-based, ascending, distinct) it holds the value
 * a full ascending sort would put there (+∞ last; there is no NaN), the rest in no useful order.
 *
 * A multi-rank introselect: a partition around a deterministic pivot (median of three, Tukey's
 * ninther on large parts) splits the array into < pivot, = pivot and > pivot; the ranks that fall
 * in the middle part are done (every value there is the pivot), and each outer part that holds
 * ranks is partitioned again. The split of the pivot's ties keeps them (many equal slopes, the +∞
 * of equal references) from degrading it. O(N) expected for a few ranks; a part still unsorted
 * after about 2·log2(N) partitions is sorted instead, so O(N log N) at worst.
 *
 * Comparisons are `<` and `>`, under which −0 and 0 are equal where the sort orders −0 first: a
 * rank may then hold −0 where the sort holds 0 or the reverse, the same number (passingBablokFit
 * writes either as 0, and Map/Set keys treat them as one).
 */
export function selectRanks(values: Float64Array, ranks: readonly number[]): void {
  if (ranks.length === 0) return;
  const depth = 2 * Math.ceil(Math.log2(values.length + 1));
  selectIn(values, 0, values.length, ranks, 0, ranks.length, depth);
}

/** `selectRanks` on values[lo, hi) for ranks[rLo, rHi), all inside [lo, hi). */
function selectIn(
  values: Float64Array,
  lo: number,
  hi: number,
  ranks: readonly number[],
  rLo: number,
  rHi: number,
  depth: number,
): void {
  while (rLo < rHi) {
    if (hi - lo < SORT_BELOW || depth-- === 0) {
      values.subarray(lo, hi).sort();
      return;
    }
    const pivot = pivotOf(values, lo, hi);
    // [lo, lt) < pivot and [lt, hi) ≥ pivot, by moving every value (no branch on the comparison,
    // which the processor could not predict); then, when the pivot has ties or nothing is below
    // it, [lt, gt) = pivot and [gt, hi) > pivot the same way. Without ties the middle part is
    // empty (gt = lt), and the upper part smaller than the whole, as something lay below.
    let lt = lo;
    let equal = 0;
    for (let i = lo; i < hi; i++) {
      const v = values[i];
      values[i] = values[lt];
      values[lt] = v;
      lt += +(v < pivot);
      equal += +(v === pivot);
    }
    let gt = lt;
    if (equal > 1 || lt === lo) {
      for (let i = lt; i < hi; i++) {
        const v = values[i];
        values[i] = values[gt];
        values[gt] = v;
        gt += +(v === pivot);
      }
    }
    // Ranks below lt are in the lower part, those from gt on in the upper; between, done.
    let below = rLo;
    while (below < rHi && ranks[below] < lt) below++;
    let above = below;
    while (above < rHi && ranks[above] < gt) above++;
    if (below > rLo) selectIn(values, lo, lt, ranks, rLo, below, depth);
    lo = gt;
    rLo = above;
  }
}

/** A pivot for values[lo, hi): the median of three, or of three medians of three when large. */
function pivotOf(values: Float64Array, lo: number, hi: number): number {
  const last = hi - 1;
  const mid = lo + ((hi - lo) >> 1);
  if (hi - lo < 1024) return median3(values[lo], values[mid], values[last]);
  const step = (hi - lo) >> 3;
  return median3(
    median3(values[lo], values[lo + step], values[lo + 2 * step]),
    median3(values[mid - step], values[mid], values[mid + step]),
    median3(values[last - 2 * step], values[last - step], values[last]),
  );
}

const median3 = (a: number, b: number, c: number): number =>
  a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;

/** The wanted slope values (at most 6: two ranks each for the estimate and its bounds). */
const WANTED = 6;

/** The wanted slope values, padded with NaN (which equals nothing) to `WANTED`. */
function wantedList(wanted: Set<number>): Float64Array {
  const list = new Float64Array(WANTED).fill(NaN);
  let at = 0;
  for (const value of wanted) list[at++] = value;
  return list;
}

/**
 * Whether a slope is one of the wanted values: comparisons the processor predicts (a slope is
 * almost never one), where a set's lookup would hash every slope.
 */
const isWanted = (slope: number, list: Float64Array): boolean =>
  slope === list[0] ||
  slope === list[1] ||
  slope === list[2] ||
  slope === list[3] ||
  slope === list[4] ||
  slope === list[5];

/** For each wanted slope value, the first pair's dy/dx (in the pairs' order) that rounds to it. */
function findFractions(
  xs: Float64Array,
  ys: Float64Array,
  wanted: Set<number>,
): Map<number, Rational> {
  const list = wantedList(wanted);
  const found = new Map<number, Rational>();
  const n = xs.length;
  for (let i = 0; i < n - 1 && found.size < wanted.size; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j] - xs[i];
      if (dx === 0) continue;
      const dy = ys[j] - ys[i];
      const slope = dy / dx;
      if (isWanted(slope, list) && !found.has(slope)) found.set(slope, ratio(dy, dx));
    }
  }
  return found;
}

/**
 * The median of y − s·x over the pairs (step 3's intercept for a slope s = num/den), exact: as
 * doubles when every y·den and num·x is an integer below 2^52 (as for values of a few thousand
 * with two decimals and a slope between two pairs), as bigints otherwise.
 */
function interceptMedian(xs: Float64Array, ys: Float64Array, s: Rational): Rational {
  const n = xs.length;
  const num = Number(s.num);
  const den = Number(s.den);
  let largest = 0;
  for (let i = 0; i < n; i++) {
    largest = Math.max(largest, Math.abs(ys[i]) * den + Math.abs(num * xs[i]));
  }
  if (!(largest <= 2 ** 52)) {
    return medianOver(
      Array.from(xs, (x, i) => BigInt(ys[i]) * s.den - s.num * BigInt(x)),
      s.den,
    );
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = ys[i] * den - num * xs[i];
  const half = n >> 1;
  if (n % 2 === 1) {
    selectRanks(values, [half]);
    return { num: BigInt(values[half]), den: s.den };
  }
  selectRanks(values, [half - 1, half]);
  return { num: BigInt(values[half - 1]) + BigInt(values[half]), den: 2n * s.den };
}

/** Passing-Bablok's figures; null with n < 3 or when the slope is +∞ or does not exist. */
export const passingBablok = (
  pairs: readonly Pair[],
  confidence: Confidence,
): PassingBablok | null => passingBablokFit(pairs, confidence)?.figures ?? null;

/**
 * The bias `intercept + (slope − 1)·X` at a decision level X (in the analyte's unit), exact when
 * X has at most two decimals.
 */
export function passingBablokBias(fit: PassingBablokFit, level: number): number {
  const scaled = level * 100;
  const hundredths = Math.round(scaled);
  if (
    !Number.isSafeInteger(hundredths) ||
    Math.abs(scaled - hundredths) > 1e-9 * Math.max(1, scaled)
  ) {
    return fit.figures.intercept + (fit.figures.slope - 1) * level;
  }
  const { slope, intercept } = fit;
  const bias: Rational = {
    num: intercept.num * slope.den + (slope.num - slope.den) * BigInt(hundredths) * intercept.den,
    den: intercept.den * slope.den,
  };
  return toNumber(bias) / 100;
}
