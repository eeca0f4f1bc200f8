/**
 * The acceptance criterion, the verdict and the pairs still needed (method-comparison.md,
 * section 4). No zod here: the create form computes `L` as the user types.
 */
import { tCritical } from './distributions';
import type { BlandAltman, Confidence, Criterion, CriterionLimit, Verdict } from './types';

/** The biological-variation factor of each level. */
export const BIOLOGICAL_VARIATION_FACTORS = {
  optimum: 0.125,
  desirable: 0.25,
  minimum: 0.375,
} as const;

/** A criterion's limit `L` and the scale it is on. */
export function criterionLimit(criterion: Criterion): CriterionLimit {
  switch (criterion.type) {
    case 'allowable_bias':
      return { type: criterion.type, scale: criterion.scale, limit: criterion.limit };
    case 'biological_variation': {
      const factor = BIOLOGICAL_VARIATION_FACTORS[criterion.level ?? 'desirable'];
      return {
        type: criterion.type,
        scale: 'percent',
        limit: factor * Math.sqrt(criterion.cvi ** 2 + criterion.cvg ** 2),
      };
    }
    case 'rcv': {
      const z = criterion.z ?? 1.96;
      return {
        type: criterion.type,
        scale: 'percent',
        limit: Math.SQRT2 * z * Math.sqrt(criterion.cva ** 2 + criterion.cvi ** 2),
      };
    }
  }
}

/** The largest number of pairs `pairs_needed` looks for. */
export const MAX_PAIRS_NEEDED = 10_000;

/** The fewest pairs a verdict needs. */
export const MIN_PAIRS = 10;

/**
 * The smallest m ≥ max(10, n + 1) with t(1 − α/2, m − 1)·sd/√m ≤ limit − |bias|, taking bias and
 * sd as the truth; null when |bias| ≥ limit or no m ≤ 10,000 does it. (The left side falls as m
 * grows, so the search halves the range.)
 */
export function pairsNeeded({
  sd,
  bias,
  limit,
  n,
  confidence,
}: {
  sd: number;
  bias: number;
  limit: number;
  n: number;
  confidence: Confidence;
}): number | null {
  const margin = limit - Math.abs(bias);
  if (!(margin > 0)) return null;
  const enough = (m: number): boolean =>
    (tCritical(confidence, m - 1) * sd) / Math.sqrt(m) <= margin;
  let low = Math.max(MIN_PAIRS, n + 1);
  let high = MAX_PAIRS_NEEDED;
  if (low > high || !enough(high)) return null;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (enough(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The sample-size route's refusal, when |expected_bias| ≥ limit. */
export const EXPECTED_BIAS_TOO_LARGE = 'The expected bias must be smaller than the limit.';

/** Whether the sample-size route refuses these inputs (422 EXPECTED_BIAS_TOO_LARGE). */
export const expectedBiasTooLarge = ({
  limit,
  expected_bias = 0,
}: {
  limit: number;
  expected_bias?: number;
}): boolean => !(Math.abs(expected_bias) < limit);

/**
 * `POST /v2/comparison-studies/sample-size`: the pairs to plan for before any pair exists (the
 * rule of `pairsNeeded` with n = 9, so m ≥ 10); null when no m ≤ 10,000 does it or
 * |expected_bias| ≥ limit.
 */
export const sampleSize = ({
  sd,
  limit,
  expected_bias = 0,
  confidence = 0.95,
}: {
  sd: number;
  limit: number;
  expected_bias?: number;
  confidence?: Confidence;
}): number | null => pairsNeeded({ sd, bias: expected_bias, limit, n: 9, confidence });

/**
 * A group's verdict from its Bland-Altman figures on the criterion's scale (`n` that scale's
 * count of pairs, `figures` its figures), and the pairs still needed when a bias verdict is
 * inconclusive.
 */
export function verdictOf(
  { n, figures }: { n: number; figures: BlandAltman | null },
  criterion: CriterionLimit,
  confidence: Confidence,
): { verdict: Verdict; pairs_needed: number | null } {
  const answer = (verdict: Verdict, pairs_needed: number | null = null) => ({
    verdict,
    pairs_needed,
  });
  if (n < MIN_PAIRS) return answer('too_few_pairs');
  if (!figures) return answer('not_computable');
  const l = criterion.limit;
  if (criterion.type === 'rcv') {
    if (-l <= figures.loa_lower_ci[0] && figures.loa_upper_ci[1] <= l) return answer('acceptable');
    if (figures.loa_lower < -l || figures.loa_upper > l) return answer('not_acceptable');
    return answer('inconclusive');
  }
  if (-l <= figures.bias_ci[0] && figures.bias_ci[1] <= l) return answer('acceptable');
  if (Math.abs(figures.bias) > l) return answer('not_acceptable');
  return answer(
    'inconclusive',
    pairsNeeded({ sd: figures.sd, bias: figures.bias, limit: l, n, confidence }),
  );
}
