/**
 * A comparison study's verdicts in words (method-comparison.md sections 4 and 5), for the report,
 * the export and the screens alike. No zod here (see shared/api/contract-files.ts).
 */

export type VerdictKind =
  'acceptable' | 'not_acceptable' | 'inconclusive' | 'too_few_pairs' | 'not_computable';

/** Each verdict's words; an inconclusive one with its pairs needed says how many. */
export const VERDICT_WORDS: Record<VerdictKind, string> = {
  acceptable: 'Acceptable',
  not_acceptable: 'Not acceptable',
  inconclusive: 'Inconclusive',
  too_few_pairs: 'Too few pairs',
  not_computable: 'Not computable',
};

/**
 * The verdict as the report writes it: 'Inconclusive: about m more pairs needed' where the rule
 * found the pairs `m` (`pairs_needed`), the verdict's word otherwise.
 */
export function verdictInWords(verdict: VerdictKind, pairsNeeded: number | null): string {
  if (verdict === 'inconclusive' && pairsNeeded !== null) {
    return `Inconclusive: about ${pairsNeeded} more pairs needed`;
  }
  return VERDICT_WORDS[verdict];
}
