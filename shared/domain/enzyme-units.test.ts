import fc from 'fast-check';
import { enzymeUnitOf, fromStoredUnit, toStoredUnit } from './enzyme-units';

it('reads the unit a header names, whatever its micro sign or case', () => {
  expect(enzymeUnitOf('µkat/L')).toBe('µkat/L');
  expect(enzymeUnitOf('\u03BCkat/l')).toBe('µkat/L');
  expect(enzymeUnitOf(' U/L ')).toBe('U/L');
  expect(enzymeUnitOf('mmol/L')).toBeNull();
});

it('converts a two-decimal µkat/L value exactly ×60, and back', () => {
  expect(toStoredUnit(1.23, 'µkat/L')).toBe(73.8);
  expect(toStoredUnit(250.25, 'U/L')).toBe(250.25);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), (hundredths) => {
      const stored = toStoredUnit(hundredths / 100, 'µkat/L');
      return (
        stored === (hundredths * 60) / 100 &&
        Math.round(fromStoredUnit(stored, 'µkat/L') * 100) === hundredths
      );
    }),
  );
});
