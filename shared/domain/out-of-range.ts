/**
 * The out-of-range rule of vial-data.md ("Line range and out-of-range"): a VitalMetric outside its
 * line's validated range, the bounds counting as inside. Defined once, as a predicate and as the
 * SQL condition (migrations keep their own literal copy: they are frozen).
 */
export interface ValidatedRange {
  lower: number;
  upper: number;
}

/**
 * Re-validation is advised from this many included records out of range since the baseline's
 * completion on (vial-data.md); line monitoring's `revalidation` rule fires at that record.
 */
export const OUT_OF_RANGE_FOR_REVALIDATION = 4;

export const isOutOfRange = (value: number, range: ValidatedRange): boolean =>
  value < range.lower || value > range.upper;

/** The same test in SQL, over the given column or expression names. */
export const outOfRangeSql = (value: string, lower: string, upper: string): string =>
  `(${value} < ${lower} OR ${value} > ${upper})`;
