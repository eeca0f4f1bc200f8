/**
 * The Wilcoxon signed-rank test (method-comparison.md, section 3.3), as R's
 * `wilcox.test(y, x, paired = TRUE)` computes it with its defaults, on exact differences.
 */
import { differences } from './bland-altman';
import { normalCdf } from './distributions';
import type { Pair, Wilcoxon } from './types';

/** The exact distribution is used below this many non-zero differences (R's default). */
const EXACT_BELOW = 50;

const countsCache = new Map<number, Float64Array>();

/**
 * How many of the 2^m sign assignments of the ranks 1..m give each signed-rank sum 0..m(m+1)/2:
 * the counting recursion over the ranks (every count below 2^50 is an exact double). Kept per m;
 * callers only read it.
 */
function countsOf(m: number): Float64Array {
  const cached = countsCache.get(m);
  if (cached) return cached;
  const max = (m * (m + 1)) / 2;
  const counts = new Float64Array(max + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= m; rank++) {
    for (let sum = (rank * (rank + 1)) / 2; sum >= rank; sum--) counts[sum] += counts[sum - rank];
  }
  countsCache.set(m, counts);
  return counts;
}

/** The counts of `countsOf`, a copy the caller may keep (for tests and the report). */
export const signedRankCounts = (m: number): Float64Array => countsOf(m).slice();

/** The exact two-sided p of V for m non-zero, untied differences. */
export function exactSignedRankP(v: number, m: number): number {
  const counts = countsOf(m);
  let tail = 0;
  if (v > (m * (m + 1)) / 4) {
    for (let sum = Math.ceil(v); sum < counts.length; sum++) tail += counts[sum];
  } else {
    for (let sum = Math.floor(v); sum >= 0; sum--) tail += counts[sum];
  }
  return Math.min(1, (2 * tail) / 2 ** m);
}

/**
 * The normal approximation's two-sided p, with continuity and tie correction: `ties` holds the
 * sizes of the groups of equal |d| (groups of one may be left out).
 */
export function normalSignedRankP(v: number, m: number, ties: readonly number[] = []): number {
  const c = v - (m * (m + 1)) / 4;
  const tieTerm = ties.reduce((sum, t) => sum + (t ** 3 - t), 0);
  const sigma = Math.sqrt((m * (m + 1) * (2 * m + 1)) / 24 - tieTerm / 48);
  const z = (c - Math.sign(c) * 0.5) / sigma;
  return Math.min(1, 2 * normalCdf(-Math.abs(z)));
}

/**
 * Which p to compute: R's choice (`auto`), or one of them whatever the data (for tests; `exact`
 * needs m < 50 and assumes no ties).
 */
export type WilcoxonMethod = 'auto' | 'exact' | 'normal';

/**
 * The signed-rank test of y − x; null when every difference is zero (or n < 3). `exact` says
 * which p was computed.
 */
export function wilcoxonSignedRank(
  pairs: readonly Pair[],
  method: WilcoxonMethod = 'auto',
): Wilcoxon | null {
  if (pairs.length < 3) return null;
  const all = differences(pairs);
  const nonZero = all.filter((d) => d !== 0);
  const m = nonZero.length;
  if (m === 0) return null;
  const magnitudes = nonZero.map(Math.abs).sort();
  // V: the sum of the average ranks of the positive differences.
  const ties: number[] = [];
  const rankOf = new Map<number, number>();
  for (let start = 0; start < m;) {
    let end = start + 1;
    while (end < m && magnitudes[end] === magnitudes[start]) end++;
    rankOf.set(magnitudes[start], (start + 1 + end) / 2);
    if (end - start > 1) ties.push(end - start);
    start = end;
  }
  let v = 0;
  for (const d of nonZero) if (d > 0) v += rankOf.get(d)!;
  if (method === 'exact' && m >= EXACT_BELOW) {
    throw new RangeError(`The exact distribution is for fewer than ${EXACT_BELOW} differences.`);
  }
  const exact =
    method === 'exact' ||
    (method === 'auto' && m < EXACT_BELOW && ties.length === 0 && m === all.length);
  return { v, p: exact ? exactSignedRankP(v, m) : normalSignedRankP(v, m, ties), exact };
}
