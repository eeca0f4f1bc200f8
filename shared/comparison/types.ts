/**
 * Paired-sample studies (method-comparison.md, sections 3 and 4): the shapes of a group's figures,
 * exactly as the results answer names them (snake_case), and of a criterion. Values only where a
 * shape needs them (the analytes and their units); the statistics live beside this file.
 */

/** The analytes a study compares, in the spec's order. */
export const ANALYTES = ['h_index', 'ldh', 'asat', 'potassium', 'pfhb'] as const;
export type Analyte = (typeof ANALYTES)[number];

/** The unit every figure of an analyte is given in (section 4, "Units"). */
export const ANALYTE_UNITS: Readonly<Record<Analyte, string>> = {
  h_index: 'mg/dL',
  pfhb: 'mg/dL',
  ldh: 'U/L',
  asat: 'U/L',
  potassium: 'mmol/L',
};

/**
 * One pair of a group: `x` the hand-carried reference (`<analyte>_baseline`) and `y` the
 * transported test value (`<analyte>`), both as integers of hundredths (the value × 100, exact:
 * see `toHundredths`); `id` the clinical-data entry's id.
 */
export interface Pair {
  id: number;
  x: number;
  y: number;
}

/** The confidence levels a study may choose; α = 1 − confidence. */
export type Confidence = 0.9 | 0.95 | 0.99;

/** An interval whose bounds may not exist (a null bound, never NaN or ±Infinity). */
export type Interval = [number | null, number | null];

/** Bland-Altman's scales: differences in the analyte's unit, or in percent of the reference. */
export type Scale = 'absolute' | 'percent';

/** Bland-Altman figures of one scale (section 3.1). */
export interface BlandAltman {
  n: number;
  bias: number;
  sd: number;
  bias_ci: [number, number];
  loa_lower: number;
  loa_lower_ci: [number, number];
  loa_upper: number;
  loa_upper_ci: [number, number];
}

export interface BlandAltmanScales {
  absolute: BlandAltman | null;
  percent: BlandAltman | null;
}

/** The paired t-test (section 3.2). */
export interface PairedT {
  t: number;
  df: number;
  p: number;
}

/** The Wilcoxon signed-rank test (section 3.3). */
export interface Wilcoxon {
  v: number;
  p: number;
  exact: boolean;
}

/** Passing-Bablok regression of y on x (section 3.4). */
export interface PassingBablok {
  slope: number;
  slope_ci: Interval;
  intercept: number;
  intercept_ci: Interval;
}

/** Deming regression of y on x with Linnet's jackknife intervals (section 3.5). */
export interface Deming {
  error_ratio: number;
  slope: number;
  slope_ci: Interval;
  intercept: number;
  intercept_ci: Interval;
}

/** The biases at one decision level (section 3.6), `x` in the analyte's unit. */
export interface DecisionLevelBias {
  x: number;
  bias_passing_bablok: number | null;
  bias_deming: number | null;
  bias_deming_ci: Interval;
}

/** A study's acceptance criterion for one analyte (section 4). */
export type Criterion =
  | { type: 'allowable_bias'; scale: Scale; limit: number }
  | {
      type: 'biological_variation';
      cvi: number;
      cvg: number;
      level?: 'optimum' | 'desirable' | 'minimum';
    }
  | { type: 'rcv'; cva: number; cvi: number; z?: 1.65 | 1.96 };

export type CriterionType = Criterion['type'];

/** A criterion's limit `L` on the scale it names: the results answer's `criterion`. */
export interface CriterionLimit {
  type: CriterionType;
  scale: Scale;
  limit: number;
}

export type Verdict =
  'acceptable' | 'not_acceptable' | 'inconclusive' | 'too_few_pairs' | 'not_computable';

/** What `computeGroup` needs besides the pairs: the study's settings for the analyte. */
export interface GroupOptions {
  confidence: Confidence;
  /** Deming's λ (> 0). */
  errorRatio: number;
  /** In the analyte's unit. */
  decisionLevels: readonly number[];
  criterion: Criterion;
  /**
   * Whether to compute Passing-Bablok (default true). Its n(n−1)/2 slopes are held and sorted
   * (8 bytes each: 100 MB at n = 5,000), so a caller may leave it out of a very large group: it
   * is then null, with its biases at the decision levels.
   */
  passingBablok?: boolean;
}

/**
 * A group's figures: the results answer's group without `line_id`, `line_name`, `analyte`,
 * `unit` and `excluded` (the server adds those). Every number is in the analyte's unit (percent
 * for the percent scale).
 */
export interface GroupFigures {
  n: number;
  bland_altman: BlandAltmanScales;
  paired_t: PairedT | null;
  wilcoxon: Wilcoxon | null;
  passing_bablok: PassingBablok | null;
  deming: Deming | null;
  decision_levels: DecisionLevelBias[];
  criterion: CriterionLimit;
  verdict: Verdict;
  pairs_needed: number | null;
  outliers: number[];
}
