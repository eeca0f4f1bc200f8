/** Helpers of this folder's tests. */
import type { Pair } from '../types';

/** Pairs from parallel arrays of hundredths, ids 1..n. */
export const pairsOf = (x: readonly number[], y: readonly number[]): Pair[] =>
  x.map((value, i) => ({ id: i + 1, x: value, y: y[i] }));

/**
 * Whether `actual` equals `expected` to `relative` (1e-9 unless told), or within `absolute` of it
 * (for values that should be 0 and that a reference computed with rounding noise).
 */
export function close(
  actual: number | null,
  expected: number | null,
  relative = 1e-9,
  absolute = 1e-12,
): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= Math.max(relative * Math.abs(expected), absolute);
}

/** Every number of `actual` close to the one at the same place in `expected`, nulls equal. */
export function closeDeep(
  actual: unknown,
  expected: unknown,
  relative = 1e-9,
  absolute = 1e-12,
  path = '',
): string[] {
  if (typeof expected === 'number' || expected === null) {
    if (typeof actual === 'number' || actual === null) {
      return close(actual, expected, relative, absolute)
        ? []
        : [`${path}: ${String(actual)} ≠ ${String(expected)}`];
    }
    return [`${path}: ${JSON.stringify(actual)} ≠ ${String(expected)}`];
  }
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || actual === null) {
      return [`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`];
    }
    const keys = Object.keys(expected);
    const problems = keys.flatMap((key) =>
      closeDeep(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        relative,
        absolute,
        `${path}.${key}`,
      ),
    );
    const extra = Object.keys(actual).filter((key) => !keys.includes(key));
    return extra.length ? [...problems, `${path}: extra ${extra.join(', ')}`] : problems;
  }
  return actual === expected ? [] : [`${path}: ${String(actual)} ≠ ${String(expected)}`];
}
