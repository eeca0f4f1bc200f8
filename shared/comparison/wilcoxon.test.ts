import { pairsOf } from './testing/helpers';
import {
  exactSignedRankP,
  normalSignedRankP,
  signedRankCounts,
  wilcoxonSignedRank,
} from './wilcoxon';

describe('signedRankCounts', () => {
  it('counts the sign assignments of 1..4 by their sum', () => {
    // dsignrank(0:10, 4) * 16 in R
    expect([...signedRankCounts(4)]).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1]);
  });

  it('sums to 2^m, exactly, up to m = 49', () => {
    for (const m of [1, 10, 30, 49]) {
      expect(signedRankCounts(m).reduce((a, b) => a + b, 0)).toBe(2 ** m);
    }
  });
});

describe('wilcoxonSignedRank', () => {
  it('is exact without zeros and ties (hand-worked: V = 6 of m = 3, p = 2/8)', () => {
    // wilcox.test(c(2, 4, 6), c(1, 2, 3), paired = TRUE): V = 6, p = 0.25
    expect(wilcoxonSignedRank(pairsOf([1, 2, 3], [2, 4, 6]))).toEqual({
      v: 6,
      p: 0.25,
      exact: true,
    });
    // d = 1, −2, 3: V = 4 > 3, P(V' ≥ 4) = 3/8
    expect(wilcoxonSignedRank(pairsOf([1, 2, 3], [2, 0, 6]))).toEqual({
      v: 4,
      p: 0.75,
      exact: true,
    });
  });

  it('uses the normal approximation with ties (hand-worked: ranks 1.5, 1.5, 3)', () => {
    // d = 10, −10, 30: V = 4.5; σ² = 3.5 − 6/48; z = 1/√3.375
    const w = wilcoxonSignedRank(pairsOf([100, 200, 300], [110, 190, 330]))!;
    expect(w.v).toBe(4.5);
    expect(w.exact).toBe(false);
    // wilcox.test(c(110, 190, 330), c(100, 200, 300), paired = TRUE)$p.value
    expect(w.p).toBeCloseTo(0.58621368107313998, 14);
  });

  it('drops the zero differences and then uses the normal approximation', () => {
    const w = wilcoxonSignedRank(pairsOf([100, 200, 300, 400], [100, 201, 303, 402]))!;
    // m = 3 (d = 1, 3, 2), V = 6
    expect(w.v).toBe(6);
    expect(w.exact).toBe(false);
    expect(w.p).toBeCloseTo(normalSignedRankP(6, 3), 15);
  });

  it('is exact below 50 non-zero differences only', () => {
    const x = Array.from({ length: 50 }, () => 1000);
    const y = x.map((v, i) => v + (i + 1) * (i % 3 === 0 ? -1 : 1));
    expect(wilcoxonSignedRank(pairsOf(x, y))!.exact).toBe(false);
    expect(wilcoxonSignedRank(pairsOf(x.slice(1), y.slice(1)))!.exact).toBe(true);
  });

  it('is null when every difference is zero, or with fewer than 3 pairs', () => {
    expect(wilcoxonSignedRank(pairsOf([5, 6, 7], [5, 6, 7]))).toBeNull();
    expect(wilcoxonSignedRank(pairsOf([5, 6], [7, 9]))).toBeNull();
  });

  it('refuses to force the exact distribution from 50 differences', () => {
    const x = Array.from({ length: 50 }, () => 1000);
    const y = x.map((v, i) => v + i + 1);
    expect(() => wilcoxonSignedRank(pairsOf(x, y), 'exact')).toThrow(RangeError);
  });

  it('gives p = 1 at the centre', () => {
    expect(exactSignedRankP(3, 3)).toBe(1);
    expect(normalSignedRankP(3, 3)).toBe(1);
  });
});
