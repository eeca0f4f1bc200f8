/**
 * The "included record" rule of vial-data.md: a record counts in statistics, ranges and line
 * figures only when it is processed, not excluded, not hidden, not a test run, has none of the
 * three error flags and has a VitalMetric. Defined once, as a predicate for records in memory
 * and as the SQL condition written from the same columns.
 */
export interface IncludableRecord {
  is_processed: boolean;
  exclude: boolean;
  hidden: boolean;
  test_run: boolean;
  no_run_error: boolean;
  short_run_error: boolean;
  flatline_error: boolean;
  auc: number | null;
}

/** Columns that must be true, and columns that must be false, for a record to be included. */
const MUST_BE_TRUE = ['is_processed'] as const;
const MUST_BE_FALSE = [
  'exclude',
  'hidden',
  'test_run',
  'no_run_error',
  'short_run_error',
  'flatline_error',
] as const;

/** Every column the rule reads. */
export const INCLUDED_RECORD_COLUMNS = [...MUST_BE_TRUE, ...MUST_BE_FALSE, 'auc'] as const;

export const isIncludedRecord = (r: IncludableRecord): boolean =>
  MUST_BE_TRUE.every((c) => r[c]) && MUST_BE_FALSE.every((c) => !r[c]) && r.auc !== null;

/** The same rule as SQL over the records table aliased `alias`. */
export const includedRecordSql = (alias: string): string =>
  [
    ...MUST_BE_TRUE.map((c) => `${alias}.${c}`),
    ...MUST_BE_FALSE.map((c) => `NOT ${alias}.${c}`),
    `${alias}.auc IS NOT NULL`,
  ].join(' AND ');

/**
 * What an included record counts with in statistics, as SQL over `alias`: its VitalMetric, AUC at
 * 225 Hz (the VitalMetric for runs processed before it existed), power (0 likewise), mean kinetic
 * temperature (null for a run without temperatures) and each analyte's rejection probability at
 * its institute's settings (0 until a record stored before they existed gets them, which the
 * worker does when it starts).
 */
export const includedRecordValuesSql = (alias: string) => ({
  auc: `${alias}.auc`,
  auc225: `coalesce((${alias}.metrics->>'auc_225hz')::float8, ${alias}.auc)`,
  power: `coalesce((${alias}.metrics->>'power')::float8, 0)`,
  temperature: `(${alias}.metrics->>'mean_kinetic_temperature')::float8`,
  ldh: `coalesce(${alias}.p_ldh, 0)`,
  asat: `coalesce(${alias}.p_asat, 0)`,
  potassium: `coalesce(${alias}.p_potassium, 0)`,
});
