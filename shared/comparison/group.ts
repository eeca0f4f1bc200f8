/**
 * One group's figures (method-comparison.md, sections 3 and 4): what the results answer holds
 * for a (line, analyte) group, without the fields the server adds.
 */
import { blandAltman, pairedT, scaleCount } from './bland-altman';
import { criterionLimit, verdictOf } from './criterion';
import { demingFit } from './deming';
import { passingBablokBias, passingBablokFit } from './passing-bablok';
import type { GroupFigures, GroupOptions, Pair } from './types';
import { wilcoxonSignedRank } from './wilcoxon';

/** Fewer pairs than this and every figure is null. */
export const MIN_GROUP_PAIRS = 3;

/** Throws a RangeError unless every value is an integer of hundredths and the options hold. */
function check(pairs: readonly Pair[], options: GroupOptions): void {
  for (const { x, y } of pairs) {
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) {
      throw new RangeError('A pair holds its values as integers of hundredths (toHundredths).');
    }
  }
  if (![0.9, 0.95, 0.99].includes(options.confidence)) {
    throw new RangeError(`The confidence is 0.9, 0.95 or 0.99 (${options.confidence}).`);
  }
  if (!(options.errorRatio > 0 && Number.isFinite(options.errorRatio))) {
    throw new RangeError(`The error ratio must be a positive number (${options.errorRatio}).`);
  }
  if (!options.decisionLevels.every(Number.isFinite)) {
    throw new RangeError('Decision levels are finite numbers.');
  }
}

/**
 * The figures of one group of pairs (values in hundredths, see `Pair`); every number in the
 * analyte's unit. With fewer than 3 pairs every figure is null; an undefined figure is null,
 * never NaN or ±Infinity.
 */
export function computeGroup(pairs: readonly Pair[], options: GroupOptions): GroupFigures {
  check(pairs, options);
  const { confidence, errorRatio, decisionLevels } = options;
  const criterion = criterionLimit(options.criterion);
  const n = pairs.length;
  const enough = n >= MIN_GROUP_PAIRS;
  const absolute = enough ? blandAltman(pairs, 'absolute', confidence) : null;
  const percent = enough ? blandAltman(pairs, 'percent', confidence) : null;
  const pb = enough && options.passingBablok !== false ? passingBablokFit(pairs, confidence) : null;
  const dem = enough ? demingFit(pairs, errorRatio, confidence, decisionLevels) : null;
  const { verdict, pairs_needed } = verdictOf(
    {
      n: scaleCount(pairs, criterion.scale),
      figures: criterion.scale === 'absolute' ? absolute : percent,
    },
    criterion,
    confidence,
  );
  const outliers = absolute
    ? pairs
        .filter(({ x, y }) => {
          const d = (y - x) / 100;
          return d < absolute.loa_lower || d > absolute.loa_upper;
        })
        .map(({ id }) => id)
    : [];
  return {
    n,
    bland_altman: { absolute, percent },
    paired_t: enough ? pairedT(pairs) : null,
    wilcoxon: enough ? wilcoxonSignedRank(pairs) : null,
    passing_bablok: pb?.figures ?? null,
    deming: dem?.figures ?? null,
    decision_levels: decisionLevels.map((x, i) => ({
      x,
      bias_passing_bablok: pb ? passingBablokBias(pb, x) : null,
      bias_deming: dem ? dem.levels[i].bias : null,
      bias_deming_ci: dem ? dem.levels[i].ci : [null, null],
    })),
    criterion,
    verdict,
    pairs_needed,
    outliers,
  };
}
