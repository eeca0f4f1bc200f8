import {
  algorithmA,
  figuresOf,
  hemolysisBandOf,
  lineBandOf,
  median,
  percentilesOf,
  placementOf,
} from './statistics';

// The worked example of peer-benchmarking.md section 6.
const VALUES = [312.4, 355.0, 371.8, 389.5, 402.1, 436.7, 918.3];

describe('Algorithm A', () => {
  it('reproduces the worked example', () => {
    const { mean, sd } = algorithmA(VALUES);
    expect(mean).toBeCloseTo(394.545928, 5);
    expect(sd).toBeCloseTo(66.517045, 5);
  });

  it('starts from the median and 1.483 times the median absolute deviation', () => {
    // One step from the start: the spec's x* = 390.585714, s* = 57.936849 after step 1.
    const start = median(VALUES);
    expect(start).toBe(389.5);
    expect(1.483 * median(VALUES.map((x) => Math.abs(x - start)))).toBeCloseTo(51.1635, 10);
  });

  it('stops at the median when more than half of the values are equal', () => {
    expect(algorithmA([5, 5, 5, 7, 100])).toEqual({ mean: 5, sd: 0 });
  });

  it('takes the mean of the two middle values for an even count', () => {
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });
});

describe('percentiles', () => {
  it('interpolate between closest ranks', () => {
    const p = percentilesOf(VALUES);
    expect(p.p10).toBeCloseTo(337.96, 9);
    expect(p.p25).toBeCloseTo(363.4, 9);
    expect(p.p50).toBe(389.5);
    expect(p.p75).toBeCloseTo(419.4, 9);
    expect(p.p90).toBeCloseTo(629.34, 9);
  });
});

describe('a member', () => {
  const figures = figuresOf(VALUES);

  it('has z, percentile, quintile and band as in the worked example', () => {
    const smooth = placementOf(figures, 436.7);
    expect(smooth.z).toBeCloseTo(0.633733, 6);
    expect(smooth.percentile).toBeCloseTo(78.571429, 6);
    expect(smooth.quintile).toBe(4);
    expect(lineBandOf(smooth.z)).toBe('satisfactory');
    const rough = placementOf(figures, 918.3);
    expect(rough.z).toBeCloseTo(7.873983, 6);
    expect(lineBandOf(rough.z)).toBe('unsatisfactory');
  });

  it('counts equal values by half and caps the quintile at 5', () => {
    const f = figuresOf([1, 2, 2, 3, 4]);
    expect(placementOf(f, 2).percentile).toBe(40);
    expect(placementOf(f, 2).quintile).toBe(3);
    expect(placementOf(f, 4).percentile).toBe(90);
    expect(placementOf(f, 4).quintile).toBe(5);
    expect(placementOf(f, 1).quintile).toBe(1);
  });

  it('has no z when s* is 0', () => {
    expect(placementOf(figuresOf([3, 3, 3, 3, 9]), 9).z).toBeNull();
  });
});

describe('bands', () => {
  it('reads z one-sided', () => {
    expect(lineBandOf(2)).toBe('satisfactory');
    expect(lineBandOf(-5)).toBe('satisfactory');
    expect(lineBandOf(2.5)).toBe('questionable');
    expect(lineBandOf(3)).toBe('unsatisfactory');
    expect(lineBandOf(null)).toBeNull();
  });

  it('applies the IFCC limits in integers', () => {
    expect(hemolysisBandOf('pre_hemi', 7, 1000)).toBe('medium');
    expect(hemolysisBandOf('pre_hemi', 69, 10000)).toBe('high');
    expect(hemolysisBandOf('pre_hemi', 323, 10000)).toBe('low');
    expect(hemolysisBandOf('pre_hemr', 49, 100000)).toBe('high');
    expect(hemolysisBandOf('pre_hemr', 50, 100000)).toBe('medium');
    expect(hemolysisBandOf('pre_hemr', 882, 100000)).toBe('low');
    expect(hemolysisBandOf('rejected_ldh', 1, 1000)).toBeNull();
  });
});
