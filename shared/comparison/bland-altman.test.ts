import { blandAltman, pairedT, scaleCount } from './bland-altman';
import { close, pairsOf } from './testing/helpers';

// Worked by hand: x = 1, 2, 3 and y = 1.1, 1.9, 3.3, so d = 0.1, −0.1, 0.3; d̄ = 0.1,
// s = √(0.08/2) = 0.2. Percent: d = 10, −5, 10; d̄ = 5, s = √(150/2) = √75.
const pairs = pairsOf([100, 200, 300], [110, 190, 330]);
// qt(0.975, 2) in R
const T_2 = 4.3026527297494619;

describe('blandAltman', () => {
  it('computes the absolute figures in the unit', () => {
    const ba = blandAltman(pairs, 'absolute', 0.95)!;
    expect(ba.n).toBe(3);
    expect(close(ba.bias, 0.1)).toBe(true);
    expect(close(ba.sd, 0.2)).toBe(true);
    const half = (T_2 * 0.2) / Math.sqrt(3);
    expect(close(ba.bias_ci[0], 0.1 - half)).toBe(true);
    expect(close(ba.bias_ci[1], 0.1 + half)).toBe(true);
    // 1.96 whatever the confidence; each limit ∓ t·s·√(3/n) = t·0.2
    expect(close(ba.loa_lower, 0.1 - 1.96 * 0.2)).toBe(true);
    expect(close(ba.loa_upper, 0.1 + 1.96 * 0.2)).toBe(true);
    expect(close(ba.loa_lower_ci[0], 0.1 - 1.96 * 0.2 - T_2 * 0.2)).toBe(true);
    expect(close(ba.loa_upper_ci[1], 0.1 + 1.96 * 0.2 + T_2 * 0.2)).toBe(true);
    expect(blandAltman(pairs, 'absolute', 0.99)!.loa_lower).toBe(ba.loa_lower);
  });

  it('computes the percent figures over the pairs with x > 0, with their own n', () => {
    const ba = blandAltman(pairs, 'percent', 0.95)!;
    expect(close(ba.bias, 5)).toBe(true);
    expect(close(ba.sd, Math.sqrt(75))).toBe(true);
    const withZero = pairsOf([0, 100, 200, 300], [50, 110, 190, 330]);
    expect(scaleCount(withZero, 'percent')).toBe(3);
    expect(blandAltman(withZero, 'percent', 0.95)).toEqual(ba);
    expect(blandAltman(withZero, 'absolute', 0.95)!.n).toBe(4);
  });

  it('is null with fewer than 3 pairs on the scale', () => {
    expect(blandAltman(pairs.slice(0, 2), 'absolute', 0.95)).toBeNull();
    expect(blandAltman(pairsOf([0, 0, 100, 200], [10, 20, 110, 210]), 'percent', 0.95)).toBeNull();
    expect(blandAltman([], 'absolute', 0.95)).toBeNull();
  });

  it('has a zero standard deviation, exactly, when every difference is equal', () => {
    const ba = blandAltman(pairsOf([10, 30, 70, 110], [13, 33, 73, 113]), 'absolute', 0.95)!;
    expect(ba).toMatchObject({ bias: 0.03, sd: 0, bias_ci: [0.03, 0.03], loa_upper: 0.03 });
    // equal ratios: 10 % of every reference, though each ratio is rounded
    const percent = blandAltman(pairsOf([10, 30, 70], [11, 33, 77]), 'percent', 0.95)!;
    expect(percent.sd).toBe(0);
    expect(percent.bias).toBe(10);
  });
});

describe('pairedT', () => {
  it('matches the hand-worked t and R for p', () => {
    const t = pairedT(pairs)!;
    expect(close(t.t, Math.sqrt(3) / 2)).toBe(true);
    expect(t.df).toBe(2);
    // t.test(c(110, 190, 330), c(100, 200, 300), paired = TRUE)$p.value
    expect(close(t.p, 0.4777670321329065)).toBe(true);
  });

  it('is null when s = 0 or with fewer than 3 pairs', () => {
    expect(pairedT(pairsOf([100, 200, 300], [100, 200, 300]))).toBeNull();
    expect(pairedT(pairsOf([100, 200, 300], [105, 205, 305]))).toBeNull();
    expect(pairedT(pairs.slice(0, 2))).toBeNull();
  });
});
