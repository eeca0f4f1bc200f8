/**
 * Enzyme activities (LDH, ASAT) are stored in U/L; an organization may read and write them in
 * µkat/L instead (1 µkat/L = 60 U/L), converted exactly at the edges (forms, reports, imports).
 */
export const ENZYME_UNITS = ['U/L', 'µkat/L'] as const;
export type EnzymeUnit = (typeof ENZYME_UNITS)[number];
export const DEFAULT_ENZYME_UNIT: EnzymeUnit = 'U/L';

/** U/L in one µkat/L. */
export const UNITS_PER_MICROKATAL = 60;

/** The unit a text names (case, micro sign U+00B5, Greek mu U+03BC or a plain u), or null. */
export function enzymeUnitOf(text: string): EnzymeUnit | null {
  const unit = text
    .trim()
    .toLowerCase()
    .replace(/[\u00B5\u03BC]/g, 'u');
  if (unit === 'u/l') return 'U/L';
  if (unit === 'ukat/l') return 'µkat/L';
  return null;
}

/**
 * A value of at most two decimals in `unit` as stored (U/L): ×60 on its hundredths, so 1.23
 * µkat/L is exactly 73.8 U/L, as the decimal text says, without a binary rounding error.
 */
export const toStoredUnit = (value: number, unit: EnzymeUnit): number =>
  unit === 'U/L' ? value : (Math.round(value * 100) * UNITS_PER_MICROKATAL) / 100;

/** A stored U/L value in `unit`, for a screen or report to format. */
export const fromStoredUnit = (unitsPerLitre: number, unit: EnzymeUnit): number =>
  unit === 'U/L' ? unitsPerLitre : unitsPerLitre / UNITS_PER_MICROKATAL;
