import fc from 'fast-check';
import {
  compareProportions,
  fisherExactTwoSided,
  logFactorial,
  newcombeDifference,
  wilsonLimits,
} from './statistics';
import { R_CASES } from './testing/r-reference.fixtures';

describe('the spec example (lab-feed.md section 7)', () => {
  it('before 12/200, after 30/200', () => {
    const figures = compareProportions({ x: 30, n: 200 }, { x: 12, n: 200 });
    expect(figures.difference).toBeCloseTo(0.09, 12);
    expect(figures.ci95![0]).toBeCloseTo(0.030037, 6);
    expect(figures.ci95![1]).toBeCloseTo(0.15152, 6);
    expect(figures.p_value).toBeCloseTo(0.005046, 7);
  });
});

describe('hand-worked cases', () => {
  it('Wilson limits of 0/n start at 0 and of n/n end at 1', () => {
    expect(wilsonLimits(0, 10)[0]).toBe(0);
    expect(wilsonLimits(10, 10)[1]).toBeCloseTo(1, 15);
  });

  it('Wilson limits of 1/2 are 0.5 ± z·√(1/2 + z²/4)/(2 + z²)', () => {
    const z = 1.959963984540054;
    const half = (z * Math.sqrt(0.5 + (z * z) / 4)) / (2 + z * z);
    const [l, u] = wilsonLimits(1, 2);
    expect(l).toBeCloseTo(0.5 - half, 15);
    expect(u).toBeCloseTo(0.5 + half, 15);
  });

  it('ln n! from the table and from the series', () => {
    expect(logFactorial(0)).toBe(0);
    expect(logFactorial(5)).toBeCloseTo(Math.log(120), 14);
    let sum = 0;
    for (let i = 1; i <= 300; i++) sum += Math.log(i);
    expect(logFactorial(300)).toBeCloseTo(sum, 9);
  });

  it('Fisher on [[1, 0], [0, 1]]: both tables equally likely, p = 1', () =>
    expect(fisherExactTwoSided({ x: 1, n: 1 }, { x: 0, n: 1 })).toBe(1));

  it('Fisher on [[3, 0], [0, 3]]: p = 2/C(6, 3) = 0.1', () =>
    expect(fisherExactTwoSided({ x: 3, n: 3 }, { x: 0, n: 3 })).toBeCloseTo(0.1, 14));

  it('no sample on a side: every figure null', () => {
    expect(compareProportions({ x: 0, n: 0 }, { x: 3, n: 10 })).toEqual({
      difference: null,
      ci95: null,
      p_value: null,
    });
    expect(compareProportions({ x: 3, n: 10 }, { x: 0, n: 0 }).p_value).toBeNull();
  });
});

describe.each(R_CASES)('R: after $after.x/$after.n, before $before.x/$before.n', (c) => {
  it("matches R's fisher.test", () =>
    // R's dhyper and the log-gamma here round differently: agreement to 1e-10 relative.
    expect(Math.abs(fisherExactTwoSided(c.after, c.before) - c.p_value)).toBeLessThanOrEqual(
      1e-10 * c.p_value,
    ));

  it("matches Wilson's limits and Newcombe's interval written in R", () => {
    const [l, u] = wilsonLimits(c.after.x, c.after.n);
    expect(l).toBeCloseTo(c.wilson_after[0], 12);
    expect(u).toBeCloseTo(c.wilson_after[1], 12);
    const figures = newcombeDifference(c.after, c.before);
    expect(figures.difference).toBeCloseTo(c.difference, 12);
    expect(figures.ci95[0]).toBeCloseTo(c.ci95[0], 12);
    expect(figures.ci95[1]).toBeCloseTo(c.ci95[1], 12);
  });
});

const side = fc
  .integer({ min: 1, max: 2000 })
  .chain((n) => fc.record({ x: fc.integer({ min: 0, max: n }), n: fc.constant(n) }));

describe('properties', () => {
  it('p lies in [0, 1]', () =>
    fc.assert(
      fc.property(side, side, (a, b) => {
        const p = fisherExactTwoSided(a, b);
        return p >= 0 && p <= 1;
      }),
    ));

  it('the interval contains the difference and lies in [−1, 1]', () =>
    fc.assert(
      fc.property(side, side, (a, b) => {
        const { difference, ci95 } = newcombeDifference(a, b);
        return (
          ci95[0] <= difference + 1e-12 &&
          difference <= ci95[1] + 1e-12 &&
          ci95[0] >= -1 - 1e-12 &&
          ci95[1] <= 1 + 1e-12
        );
      }),
    ));

  it('swapping the sides negates d and mirrors the interval, and keeps p', () =>
    fc.assert(
      fc.property(side, side, (a, b) => {
        const ab = compareProportions(a, b);
        const ba = compareProportions(b, a);
        const close = (x: number, y: number) => Math.abs(x - y) <= 1e-12;
        return (
          close(ab.difference!, -ba.difference!) &&
          close(ab.ci95![0], -ba.ci95![1]) &&
          close(ab.ci95![1], -ba.ci95![0]) &&
          Math.abs(ab.p_value! - ba.p_value!) <= 1e-9 * Math.max(ab.p_value!, 1e-300) + 1e-15
        );
      }),
    ));
});
