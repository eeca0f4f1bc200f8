import { summarize } from '../vial/statistics';
import { erfc } from './erfc';

/**
 * Probability that a transported sample is rejected for hemolysis (rejection-model.md):
 * ln HI ~ Normal(mu, sigma) before transport, plus k·v mg/dL from a transport with VitalMetric v.
 */
export interface RejectionModel {
  mu: number;
  sigma: number;
  /** mg/dL of free hemoglobin per g·s of VitalMetric. */
  k: number;
  kLow: number;
  kHigh: number;
}

export const DEFAULT_MODEL: RejectionModel = {
  mu: Math.log(4),
  sigma: 0.8,
  k: 0.01,
  kLow: 0.006,
  kHigh: 0.014,
};

export type Analyte = 'ldh' | 'asat' | 'potassium';
export const ANALYTES: readonly Analyte[] = ['ldh', 'asat', 'potassium'];
/** Each analyte as every screen and report names it ('K' for potassium, as the spec writes). */
export const ANALYTE_NAMES: Readonly<Record<Analyte, string>> = {
  ldh: 'LDH',
  asat: 'ASAT',
  potassium: 'K',
};

/** The analyzer's hemolysis-index cut-offs (mg/dL) above which it suppresses each result. */
export type AnalyzerThresholds = Record<Analyte, number>;

export const DEFAULT_THRESHOLDS: AnalyzerThresholds = { ldh: 15, asat: 40, potassium: 90 };

export interface RejectionProbability {
  probability: number;
  cutoff: number;
  /** At kLow: the lower end of the model's uncertainty. */
  low: number;
  /** At kHigh. */
  high: number;
}

/** 1 − Φ(z), through erfc directly so that tiny tail probabilities keep their precision. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

function probabilityAt(value: number, cutoff: number, k: number, model: RejectionModel): number {
  const headroom = cutoff - k * value;
  if (headroom <= 0) return 1;
  return normalUpperTail((Math.log(headroom) - model.mu) / model.sigma);
}

export function rejectionProbability(
  value: number,
  cutoff: number,
  model: RejectionModel = DEFAULT_MODEL,
): RejectionProbability {
  return {
    probability: probabilityAt(value, cutoff, model.k, model),
    cutoff,
    low: probabilityAt(value, cutoff, model.kLow, model),
    high: probabilityAt(value, cutoff, model.kHigh, model),
  };
}

export function rejectionForValue(
  value: number,
  thresholds: AnalyzerThresholds = DEFAULT_THRESHOLDS,
  model: RejectionModel = DEFAULT_MODEL,
): Record<Analyte, RejectionProbability> {
  return {
    ldh: rejectionProbability(value, thresholds.ldh, model),
    asat: rejectionProbability(value, thresholds.asat, model),
    potassium: rejectionProbability(value, thresholds.potassium, model),
  };
}

/** A record's `rejection`: its worst analyte's probability, in percent. */
export function worstRejectionPercent(
  value: number,
  thresholds: AnalyzerThresholds = DEFAULT_THRESHOLDS,
  model: RejectionModel = DEFAULT_MODEL,
): number {
  return worstPercentOf(rejectionForValue(value, thresholds, model));
}

/** The worst analyte's probability of these, in percent. */
export const worstPercentOf = (byAnalyte: Record<Analyte, RejectionProbability>): number =>
  100 * Math.max(...ANALYTES.map((analyte) => byAnalyte[analyte].probability));

/** A usable clinical data entry (already filtered) with its linked record's VitalMetric. */
export interface CalibrationEntry {
  h_index: number;
  h_index_baseline: number;
  auc: number;
}

export interface CalibratedModel extends RejectionModel {
  source: 'default' | 'calibrated';
  /** Usable entries offered to the calibration (also when too few to use). */
  n: number;
}

export const MIN_CALIBRATION_ENTRIES = 10;
/** One-sided 95% normal quantile: k_low..k_high is a 90% interval. */
const Z_95 = 1.645;

function fitTransportSlope(
  entries: CalibrationEntry[],
): Pick<RejectionModel, 'k' | 'kLow' | 'kHigh'> {
  const sumVV = entries.reduce((sum, { auc }) => sum + auc * auc, 0);
  // Without any vibration in the data the slope is undetermined: keep the default.
  if (sumVV === 0) return DEFAULT_MODEL;
  const increase = (entry: CalibrationEntry): number => entry.h_index - entry.h_index_baseline;
  const sumDV = entries.reduce((sum, entry) => sum + increase(entry) * entry.auc, 0);
  const k = Math.max(0, sumDV / sumVV);
  const residualSquares = entries.reduce(
    (sum, entry) => sum + (increase(entry) - k * entry.auc) ** 2,
    0,
  );
  const se = Math.sqrt(residualSquares / (entries.length - 1) / sumVV);
  return { k, kLow: Math.max(0, k - Z_95 * se), kHigh: k + Z_95 * se };
}

function fitBaseline(entries: CalibrationEntry[]): Pick<RejectionModel, 'mu' | 'sigma'> {
  const logs = entries
    .filter((e) => e.h_index_baseline > 0)
    .map((e) => Math.log(e.h_index_baseline));
  const { mean, stddev } = summarize(logs);
  if (logs.length < MIN_CALIBRATION_ENTRIES || mean === null || stddev === null) {
    return DEFAULT_MODEL;
  }
  return { mu: mean, sigma: stddev };
}

/** The institute's model from its own clinical data, or the defaults with fewer than 10 entries. */
export function calibrateModel(entries: CalibrationEntry[]): CalibratedModel {
  if (entries.length < MIN_CALIBRATION_ENTRIES) {
    return { source: 'default', n: entries.length, ...DEFAULT_MODEL };
  }
  const { k, kLow, kHigh } = fitTransportSlope(entries);
  const { mu, sigma } = fitBaseline(entries);
  return { source: 'calibrated', n: entries.length, mu, sigma, k, kLow, kHigh };
}
