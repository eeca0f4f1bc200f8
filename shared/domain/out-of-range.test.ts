import { isOutOfRange, outOfRangeSql } from './out-of-range';

it('a VitalMetric on a bound of the range is inside it; beyond either bound, outside', () => {
  const range = { lower: 100, upper: 200 };
  expect([99.9, 100, 150, 200, 200.1].map((v) => isOutOfRange(v, range))).toEqual([
    true,
    false,
    false,
    false,
    true,
  ]);
  expect(outOfRangeSql('r.auc', 'b.lower', 'b.upper')).toBe('(r.auc < b.lower OR r.auc > b.upper)');
});
