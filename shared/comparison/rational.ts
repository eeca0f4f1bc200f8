/** Exact fractions of integers, for the few figures that must not carry rounding noise. */

/** num/den with den > 0. */
export interface Rational {
  num: bigint;
  den: bigint;
}

/** dy/dx as a fraction with a positive denominator (dx ≠ 0). */
export const ratio = (dy: number, dx: number): Rational =>
  dx < 0 ? { num: BigInt(-dy), den: BigInt(-dx) } : { num: BigInt(dy), den: BigInt(dx) };

/** (a + b)/2. */
export const midpoint = (a: Rational, b: Rational): Rational => ({
  num: a.num * b.den + b.num * a.den,
  den: 2n * a.den * b.den,
});

/** The nearest double (within two roundings: numerator and denominator as doubles, then ÷). */
export const toNumber = (r: Rational): number => Number(r.num) / Number(r.den);

/** Compares two bigints for a sort. */
export const compareBigInt = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The median of `values / den` (den > 0): the middle value, or the midpoint of the middle two.
 * Sorts `values` in place.
 */
export function medianOver(values: bigint[], den: bigint): Rational {
  values.sort(compareBigInt);
  const n = values.length;
  const half = n >> 1;
  return n % 2 === 1
    ? { num: values[half], den }
    : { num: values[half - 1] + values[half], den: 2n * den };
}
