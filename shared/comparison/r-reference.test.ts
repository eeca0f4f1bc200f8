/**
 * The figures against values R computed independently (testing/reference.R: R's t.test, wilcox.test,
 * qt and qnorm; Passing-Bablok, Deming's jackknife and pairs_needed written in R from the spec).
 */
import { blandAltman, pairedT } from './bland-altman';
import { pairsNeeded } from './criterion';
import { deming } from './deming';
import { computeGroup } from './group';
import { passingBablok } from './passing-bablok';
import { R_CASES } from './testing/r-reference.fixtures';
import { closeDeep, pairsOf } from './testing/helpers';
import type { Confidence } from './types';
import { wilcoxonSignedRank } from './wilcoxon';

describe.each(R_CASES)('$name', (fixture) => {
  const pairs = pairsOf(fixture.x, fixture.y);
  const confidence = fixture.confidence as Confidence;
  // The spec asks for 1e-6; R's own Passing-Bablok medians carry rounding noise near 0 that the
  // exact computation does not (hence the absolute 1e-12).
  const expectLike = (actual: unknown, expected: unknown) =>
    expect(closeDeep(actual, expected, 1e-9, 1e-12)).toEqual([]);

  it('matches R on Bland-Altman, both scales', () => {
    expectLike(blandAltman(pairs, 'absolute', confidence), fixture.absolute);
    expectLike(blandAltman(pairs, 'percent', confidence), fixture.percent);
  });

  it("matches R's t.test", () => expectLike(pairedT(pairs), fixture.paired_t));

  it("matches R's wilcox.test", () => expectLike(wilcoxonSignedRank(pairs), fixture.wilcoxon));

  it('matches Passing-Bablok written in R', () =>
    expectLike(passingBablok(pairs, confidence), fixture.passing_bablok));

  it("matches Deming and Linnet's jackknife written in R", () =>
    expectLike(deming(pairs, fixture.errorRatio, confidence), fixture.deming));

  it('matches the biases at the decision levels', () => {
    const group = computeGroup(pairs, {
      confidence,
      errorRatio: fixture.errorRatio,
      decisionLevels: fixture.decision_levels.map(({ x }) => x),
      criterion: { type: 'allowable_bias', scale: 'absolute', limit: 1 },
    });
    expectLike(group.decision_levels, fixture.decision_levels);
  });

  it('matches pairs_needed for several limits', () => {
    const ba = blandAltman(pairs, 'absolute', confidence)!;
    const needed = [0.05, 0.1, 0.2, 0.5].map((limit) =>
      pairsNeeded({ sd: ba.sd, bias: ba.bias, limit, n: pairs.length, confidence }),
    );
    expect(needed).toEqual(fixture.pairs_needed);
  });
});
