import { rangeCovering99, summarize } from './statistics';

describe('summarize', () => {
  it('gives mean, sample standard deviation and cv', () => {
    // Deviations from 5: −3, −1, 1, 3 → squares 20, over n − 1 = 3.
    const summary = summarize([2, 4, 6, 8]);
    expect(summary.n).toBe(4);
    expect(summary.mean).toBe(5);
    expect(summary.stddev).toBeCloseTo(Math.sqrt(20 / 3), 12);
    expect(summary.cv).toBeCloseTo((100 * Math.sqrt(20 / 3)) / 5, 12);
  });

  it('leaves out what too few values cannot give', () => {
    expect(summarize([])).toEqual({ n: 0, mean: null, stddev: null, cv: null });
    expect(summarize([3])).toEqual({ n: 1, mean: 3, stddev: null, cv: null });
  });
});

describe('rangeCovering99', () => {
  it('spans 2.5758 standard deviations either side, never below 0', () => {
    const range = rangeCovering99(100, 10);
    expect(range.lower).toBeCloseTo(74.242, 12);
    expect(range.upper).toBeCloseTo(125.758, 12);
    expect(rangeCovering99(10, 10).lower).toBe(0);
  });
});
