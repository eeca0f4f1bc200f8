import { HI_BIN_EDGES, hiBinIndex, hiBins, tierOf } from './outcomes';

describe('HI bins', () => {
  it('are [lower, upper), the last open', () => {
    expect(hiBinIndex(0)).toBe(0);
    expect(hiBinIndex(4.999)).toBe(0);
    expect(hiBinIndex(5)).toBe(1);
    expect(hiBinIndex(29.9)).toBe(4);
    expect(hiBinIndex(30)).toBe(5);
    expect(hiBinIndex(999.99)).toBe(9);
    expect(hiBinIndex(1000)).toBe(10);
    expect(hiBinIndex(4999)).toBe(10);
  });

  it('lists every bin with its count', () => {
    const bins = hiBins([3, 1]);
    expect(bins).toHaveLength(HI_BIN_EDGES.length);
    expect(bins[0]).toEqual({ lower: 0, upper: 5, count: 3 });
    expect(bins[1]).toEqual({ lower: 5, upper: 10, count: 1 });
    expect(bins[10]).toEqual({ lower: 1000, upper: null, count: 0 });
  });
});

describe('EFLM tiers', () => {
  it('gross at 1000 whatever the threshold', () => {
    expect(tierOf(1000, 2000, null)).toBe('gross');
    expect(tierOf(999.9, 2000, null)).toBe('release');
  });

  it('suppress strictly above the threshold', () => {
    expect(tierOf(90, 90, 50)).toBe('comment');
    expect(tierOf(90.01, 90, 50)).toBe('suppress');
  });

  it('comment strictly above the cut-off, only when there is one', () => {
    expect(tierOf(50, 90, 50)).toBe('release');
    expect(tierOf(51, 90, 50)).toBe('comment');
    expect(tierOf(51, 90, null)).toBe('release');
  });
});
