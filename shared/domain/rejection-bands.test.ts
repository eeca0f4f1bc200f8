import { BAND_RANGES, bandOfPercent, bandSqlCondition, rejectionBand } from './rejection-bands';

describe('rejectionBand', () => {
  it.each([
    [0.0299, 'low'],
    [0.03, 'acceptable'],
    [0.15, 'acceptable'],
    [0.1501, 'substantial'],
  ])('puts %d in the %s band', (fraction, band) => {
    expect(rejectionBand(fraction)).toBe(band);
  });
});

it('reads percentages with the same limits', () => {
  expect(bandOfPercent(2.99)).toBe('low');
  expect(bandOfPercent(15)).toBe('acceptable');
});

it('writes the same limits into SQL and legends', () => {
  expect(bandSqlCondition('r.rejection', 'low')).toBe('r.rejection < 3');
  expect(bandSqlCondition('r.rejection', 'acceptable')).toBe('r.rejection BETWEEN 3 AND 15');
  expect(bandSqlCondition('r.rejection', 'substantial')).toBe('r.rejection > 15');
  expect(BAND_RANGES).toEqual({ low: '< 3%', acceptable: '3–15%', substantial: '> 15%' });
});
