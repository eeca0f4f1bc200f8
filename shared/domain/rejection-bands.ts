/**
 * The rejection bands of monitoring.md section 9, defined once for the server's SQL, the PDF
 * report and every screen: below 3% Low (green), 3 to 15% inclusive Acceptable (neutral), above
 * 15% Substantial (orange). Bands are always shown as a word and a colour, never colour alone.
 */
export const REJECTION_BANDS = ['low', 'acceptable', 'substantial'] as const;
export type RejectionBand = (typeof REJECTION_BANDS)[number];

/** Below this fraction a probability is Low. */
export const LOW_LIMIT = 0.03;
/** Up to and including this fraction a probability is Acceptable; above it, Substantial. */
export const ACCEPTABLE_LIMIT = 0.15;

export const BAND_WORDS: Record<RejectionBand, string> = {
  low: 'Low',
  acceptable: 'Acceptable',
  substantial: 'Substantial',
};

/** One colour per band for chips, legends, chart bars and the PDF (AA contrast with white text). */
export const BAND_COLORS: Record<RejectionBand, string> = {
  low: '#2E7D32',
  acceptable: '#546E7A',
  substantial: '#B45309',
};

/** The band of a probability given as a fraction in [0, 1]. */
export function rejectionBand(fraction: number): RejectionBand {
  if (fraction < LOW_LIMIT) return 'low';
  if (fraction <= ACCEPTABLE_LIMIT) return 'acceptable';
  return 'substantial';
}

/** The band of a probability given in percent (records' `metrics.rejection`). */
export const bandOfPercent = (percent: number): RejectionBand => rejectionBand(percent / 100);

/** A band's limits as percentages, e.g. for legends: '< 3%', '3–15%', '> 15%'. */
export const BAND_RANGES: Record<RejectionBand, string> = {
  low: `< ${100 * LOW_LIMIT}%`,
  acceptable: `${100 * LOW_LIMIT}–${100 * ACCEPTABLE_LIMIT}%`,
  substantial: `> ${100 * ACCEPTABLE_LIMIT}%`,
};

/**
 * The SQL condition that a column holding a probability in percent lies in a band, written from
 * the same limits (the column is an expression of the caller's, never user input).
 */
export function bandSqlCondition(percentColumn: string, band: RejectionBand): string {
  const low = 100 * LOW_LIMIT;
  const acceptable = 100 * ACCEPTABLE_LIMIT;
  switch (band) {
    case 'low':
      return `${percentColumn} < ${low}`;
    case 'acceptable':
      return `${percentColumn} BETWEEN ${low} AND ${acceptable}`;
    case 'substantial':
      return `${percentColumn} > ${acceptable}`;
  }
}
