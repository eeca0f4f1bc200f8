import { z } from 'zod';
import { out } from './common';
import { REJECTION_BANDS } from '../domain/rejection-bands';

/**
 * Figures of one metric over a set of records (vial-data.md, "Line range and statistics").
 * Every figure is null unless the set has more than 2 records.
 */
export const metricStatistics = z.object({
  mean: out.number().nullable(),
  stddev: out.number().nullable(),
  /** Percent: 100·s/μ. */
  cv: out.number().nullable(),
});

/** Mean rejection probability per analyte, as fractions in [0, 1]. */
export const rejectionRates = z.object({
  ldh: out.number(),
  asat: out.number(),
  potassium: out.number(),
});
export type RejectionRates = z.infer<typeof rejectionRates>;

/** VitalMetric figures, with the rejection they imply at the institute's analyzer thresholds. */
export const aucStatistics = metricStatistics.extend({
  /** Band of the largest of the three rejection rates. */
  performance: z.enum(REJECTION_BANDS).nullable(),
  rejection_rates: rejectionRates.nullable(),
});

export const recordSetStatistics = z.object({
  record_count: out.int(),
  auc: aucStatistics,
  auc_225hz: metricStatistics,
  power: metricStatistics,
});
export type RecordSetStatistics = z.infer<typeof recordSetStatistics>;

/** Statistics are shown only above this many records (monitoring.md section 9). */
export const MIN_RECORDS_FOR_STATISTICS = 3;
