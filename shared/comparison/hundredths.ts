/**
 * Values keep their two decimals exactly (method-comparison.md, section 1): a group's values are
 * held as integers of hundredths, so every difference and every slope's numerator and denominator
 * is an exact integer.
 */

const DECIMAL = /^\s*([+-]?)(\d+)(?:[.,](\d{0,2}))?\s*$/;

/**
 * A value with at most two decimals as an integer of hundredths, exactly: `toHundredths('0.29')`
 * and `toHundredths(0.29)` are both 29 (not 28.999999999999996). Throws a RangeError for a value
 * that is not finite or has more than two decimals.
 */
export function toHundredths(value: number | string): number {
  if (typeof value === 'string') {
    const match = DECIMAL.exec(value);
    if (!match) throw new RangeError(`Not a value with at most two decimals: '${value}'.`);
    const [, sign, whole, decimals = ''] = match;
    const hundredths = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
    if (!Number.isSafeInteger(hundredths)) throw new RangeError(`Value too large: '${value}'.`);
    return sign === '-' && hundredths !== 0 ? -hundredths : hundredths;
  }
  // A decimal k/100 read into a double is the double nearest k/100, which is what k / 100
  // gives back: so `value` has two decimals exactly when that round trip returns it.
  const hundredths = Math.round(value * 100);
  if (!Number.isSafeInteger(hundredths) || hundredths / 100 !== value) {
    throw new RangeError(`Not a value with at most two decimals: ${value}.`);
  }
  return hundredths === 0 ? 0 : hundredths;
}

/** Hundredths back to the analyte's unit. */
export const fromHundredths = (hundredths: number): number => hundredths / 100;
