/**
 * Paired-sample studies' statistics (method-comparison.md, sections 3 and 4): pure functions, no
 * I/O. Values are integers of hundredths (`toHundredths`); figures come out in the analyte's unit.
 */
export * from './types';
export { toHundredths, fromHundredths } from './hundredths';
export { blandAltman, pairedT, scaleCount, differences, percentDifferences } from './bland-altman';
export {
  wilcoxonSignedRank,
  exactSignedRankP,
  normalSignedRankP,
  signedRankCounts,
  type WilcoxonMethod,
} from './wilcoxon';
export {
  passingBablok,
  passingBablokFit,
  passingBablokBias,
  type PassingBablokFit,
} from './passing-bablok';
export { deming, demingFit, type DemingFit } from './deming';
export {
  criterionLimit,
  verdictOf,
  pairsNeeded,
  sampleSize,
  expectedBiasTooLarge,
  EXPECTED_BIAS_TOO_LARGE,
  BIOLOGICAL_VARIATION_FACTORS,
  MAX_PAIRS_NEEDED,
  MIN_PAIRS,
} from './criterion';
export { computeGroup, MIN_GROUP_PAIRS } from './group';
export type { Rational } from './rational';
export { tQuantile, tCdf, normalQuantile, normalCdf, tCritical, zCritical } from './distributions';
