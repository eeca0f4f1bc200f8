import { z } from 'zod';

/**
 * The metrics of a record (vial-data.md section 3), with the API's field names: declared once,
 * here. The records table stores this shape (server/entities/record.ts) and the API's record
 * `metrics` adds the rejection to it (shared/api/records.ts). Kept apart from the metric pass
 * (metrics.ts), so that `npm run metrics` starts without loading zod.
 */
export const recordMetrics = z.object({
  auc: z.number(),
  auc_225hz: z.number(),
  power: z.number(),
  maximum_acceleration: z.number(),
  duration: z.number(),
  mean_kinetic_temperature: z.number().nullable(),
  minimum_temperature: z.number().nullable(),
  maximum_temperature: z.number().nullable(),
  no_run_error: z.boolean(),
  short_run_error: z.boolean(),
  flatline_error: z.boolean(),
});
export type RecordMetrics = z.infer<typeof recordMetrics>;
