import fc from 'fast-check';
import { fromHundredths, toHundredths } from './hundredths';

describe('toHundredths', () => {
  it('is exact for numbers with two decimals', () => {
    expect(toHundredths(0.29)).toBe(29);
    expect(toHundredths(4.35)).toBe(435);
    expect(toHundredths(1234567.89)).toBe(123456789);
    expect(toHundredths(0)).toBe(0);
    expect(Object.is(toHundredths(-0), 0)).toBe(true);
  });

  it('reads decimal text exactly, point or comma', () => {
    expect(toHundredths('0.29')).toBe(29);
    expect(toHundredths('4,3')).toBe(430);
    expect(toHundredths('12')).toBe(1200);
    expect(toHundredths('-0.05')).toBe(-5);
    expect(Object.is(toHundredths('-0'), 0)).toBe(true);
  });

  it('refuses values with more than two decimals or that are not numbers', () => {
    expect(() => toHundredths(0.123)).toThrow(RangeError);
    expect(() => toHundredths(1.005)).toThrow(RangeError);
    expect(() => toHundredths(1234567.891)).toThrow(RangeError);
    expect(() => toHundredths('0.123')).toThrow(RangeError);
    expect(() => toHundredths('abc')).toThrow(RangeError);
    expect(() => toHundredths(Number.NaN)).toThrow(RangeError);
    expect(() => toHundredths(Infinity)).toThrow(RangeError);
  });

  it('gives back k for the decimal k/100 read as a number or as text, for any k', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (k) => {
        const sign = k < 0 ? '-' : '';
        const text = `${sign}${Math.floor(Math.abs(k) / 100)}.${String(Math.abs(k) % 100).padStart(2, '0')}`;
        expect(toHundredths(text)).toBe(k);
        expect(toHundredths(Number(text))).toBe(k);
      }),
      { numRuns: 2000 },
    );
  });

  it('goes back to the unit', () => expect(fromHundredths(29)).toBe(0.29));
});
