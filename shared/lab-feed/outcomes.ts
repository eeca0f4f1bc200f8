/**
 * The daily EFLM outcomes of lab-feed.md section 7, each rule once: the HI histogram's edges and
 * a sample's tier (EFLM WG-PRE: release, release with comment, suppress; free Hb ≥ 10 g/L grossly
 * hemolysed), as predicates and as the SQL the daily aggregation runs.
 */

/** HI at or above which a sample is grossly hemolysed (mg/dL: free Hb 10 g/L). */
export const GROSS_AT = 1000;

/** The analytes whose release the HI decides, each with the analyzer's threshold. */
export const TIER_ANALYTES = ['potassium', 'ldh', 'asat'] as const;
export type TierAnalyte = (typeof TIER_ANALYTES)[number];
/** One value for each of the tier analytes. */
export type PerTierAnalyte<T> = Record<TierAnalyte, T>;

/** The analytes whose daily count and median the outcomes show, besides the HI. */
export const OUTCOME_ANALYTES = [...TIER_ANALYTES, 'pfhb'] as const;
export type OutcomeAnalyte = (typeof OUTCOME_ANALYTES)[number];

export const TIERS = ['release', 'comment', 'suppress', 'gross'] as const;
export type Tier = (typeof TIERS)[number];

/** The histogram's edges (mg/dL): bins `[lower, upper)`, the last open above. */
export const HI_BIN_EDGES = [0, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000] as const;

/** The bin of an HI (≥ 0): the index of the last edge not above it. */
export function hiBinIndex(h: number): number {
  let i = 0;
  while (i + 1 < HI_BIN_EDGES.length && h >= HI_BIN_EDGES[i + 1]) i++;
  return i;
}

/** The bins with their counts, every bin listed (0 where empty). */
export function hiBins(counts: readonly number[]) {
  return HI_BIN_EDGES.map((lower, i) => ({
    lower,
    upper: i + 1 < HI_BIN_EDGES.length ? HI_BIN_EDGES[i + 1] : null,
    count: counts[i] ?? 0,
  }));
}

/**
 * A sample's tier for an analyte with analyzer threshold `t` and comment cut-off `c` (null: no
 * comment tier): gross at h ≥ 1000, else suppress above t, else comment above c, else release.
 */
export function tierOf(h: number, t: number, c: number | null): Tier {
  if (h >= GROSS_AT) return 'gross';
  if (h > t) return 'suppress';
  if (c !== null && h > c) return 'comment';
  return 'release';
}

/**
 * The same rule as SQL: the bin (0-based) of an HI expression, and each tier's condition given
 * SQL expressions for the threshold and the cut-off (a NULL cut-off: no comment tier).
 */
export const hiBinSql = (h: string) =>
  `(width_bucket(${h}, ARRAY[${HI_BIN_EDGES.join(', ')}]::float8[]) - 1)`;

export function tierSql(tier: Tier, h: string, t: string, c: string): string {
  switch (tier) {
    case 'gross':
      return `(${h} >= ${GROSS_AT})`;
    case 'suppress':
      return `(${h} < ${GROSS_AT} AND ${h} > ${t})`;
    case 'comment':
      return `(${h} < ${GROSS_AT} AND ${h} <= ${t} AND ${c} IS NOT NULL AND ${h} > ${c})`;
    case 'release':
      return `(${h} < ${GROSS_AT} AND ${h} <= ${t} AND (${c} IS NULL OR ${h} <= ${c}))`;
  }
}
