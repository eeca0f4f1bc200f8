import { z } from 'zod';
import { REJECTION_BANDS } from '../domain/rejection-bands';

/**
 * Figures of one metric over a set of records (vial-data.md, "Line range and statistics").
 * Every figure is null unless the set has more than 2 records.
 */
export const metricStatistics = z.object({
  mean: z.number().nullable(),
  stddev: z.number().nullable(),
  /** Percent: 100·s/μ. */
  cv: z.number().nullable(),
});

/** Mean rejection probability per analyte, as fractions in [0, 1]. */
export const rejectionRates = z.object({
  ldh: z.number(),
  asat: z.number(),
  potassium: z.number(),
});
export type RejectionRates = z.infer<typeof rejectionRates>;

/** VitalMetric figures, with the rejection they imply at the institute's analyzer thresholds. */
export const aucStatistics = metricStatistics.extend({
  /** Band of the largest of the three rejection rates. */
  performance: z.enum(REJECTION_BANDS).nullable(),
  rejection_rates: rejectionRates.nullable(),
});

export const recordSetStatistics = z.object({
  record_count: z.number().int(),
  auc: aucStatistics,
  auc_225hz: metricStatistics,
  power: metricStatistics,
});
export type RecordSetStatistics = z.infer<typeof recordSetStatistics>;

/** Statistics are shown only above this many records (monitoring.md section 9). */
export const MIN_RECORDS_FOR_STATISTICS = 3;
