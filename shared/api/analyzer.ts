import { z } from 'zod';
import { decimal, decimalParam, out, text } from './common';

export const ANALYZER_MESSAGES = {
  ldhRequired: 'LDH threshold is required.',
  asatRequired: 'ASAT threshold is required.',
  potassiumRequired: 'Potassium threshold is required.',
} as const;

export const analyzer = z.object({
  /** null until the institute saves its analyzer (the defaults are answered). */
  id: out.int().nullable(),
  make: out.text().nullable(),
  model: out.text().nullable(),
  ldh_threshold: out.number(),
  asat_threshold: out.number(),
  potassium_threshold: out.number(),
});
export type AnalyzerDto = z.infer<typeof analyzer>;

/** A cut-off in mg/dL: required, the form sends an empty field as '' or null. */
/** Highest threshold accepted (mg/dL of free hemoglobin): far above any analyzer's cut-off. */
export const MAX_THRESHOLD = 1000;

const threshold = (required: string) => {
  const name = required.split(' is')[0];
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    decimal(0, MAX_THRESHOLD, {
      error: required,
      low: `${name} must be above 0.`,
      high: `${name} must be at most ${MAX_THRESHOLD} mg/dL.`,
    }).positive(`${name} must be above 0.`),
  );
};

export const analyzerUpdate = z.object({
  make: text().trim().max(80).nullable().optional(),
  model: text().trim().max(80).nullable().optional(),
  ldh_threshold: threshold(ANALYZER_MESSAGES.ldhRequired),
  asat_threshold: threshold(ANALYZER_MESSAGES.asatRequired),
  potassium_threshold: threshold(ANALYZER_MESSAGES.potassiumRequired),
});
export type AnalyzerUpdate = z.infer<typeof analyzerUpdate>;

/**
 * What saving thresholds would change, said before the save (issue 44): how many records' stored
 * rejection, and how many of those are reviewed.
 */
export const analyzerPreview = z.object({
  records: out.int(),
  reviewed_records: out.int(),
});
export type AnalyzerPreview = z.infer<typeof analyzerPreview>;

export const rejectionQuery = z.object({
  value: decimalParam(0, 1e9, 'value must be a VitalMetric (g·s) of at most 1000000000.'),
});

const analyteRejection = z.object({
  /** Fractions in [0, 1]; low and high at the model's k_low and k_high. */
  probability: out.number(),
  cutoff: out.number(),
  low: out.number(),
  high: out.number(),
});

export const rejectionResult = z.object({
  analyzer,
  ldh: analyteRejection,
  asat: analyteRejection,
  potassium: analyteRejection,
  model: z.object({
    source: z.enum(['default', 'calibrated']),
    n: out.int(),
    mu: out.number(),
    sigma: out.number(),
    k: out.number(),
    k_low: out.number(),
    k_high: out.number(),
  }),
});
export type RejectionResult = z.infer<typeof rejectionResult>;
