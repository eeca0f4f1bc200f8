import { z } from 'zod';
import { exportFormatQuery } from './exports';
import {
  decimal,
  id,
  idList,
  isoDate,
  multilineText,
  out,
  pageQuery,
  queryBoolean,
  text,
} from './common';
import { labelRef } from './records';
import { recordSetStatistics } from './statistics';

export const LINE_NAME_REQUIRED = 'Name is a required field.';
export const LINE_NAME_TOO_LONG = 'Name is too long.';
export const LINE_NAME_PATTERN =
  'Name must start with a letter, followed by letters, digits, #, -, _ or spaces.';
export const lineName = text({ error: LINE_NAME_REQUIRED })
  .trim()
  .min(1, LINE_NAME_REQUIRED)
  .max(80, LINE_NAME_TOO_LONG)
  .regex(/^\p{L}[\p{L}0-9#\-_ ]*$/u, LINE_NAME_PATTERN);

/** Metres; the form sends an empty field as null (or as an empty string). */
/** Longest line or courier route accepted, in metres (1000 km). */
export const MAX_LINE_LENGTH = 1_000_000;

const lineLength = z.preprocess(
  (v) => (v === '' ? null : v),
  decimal(0, MAX_LINE_LENGTH, {
    error: 'Length must be a number.',
    low: 'Length cannot be negative.',
    high: `Length must be at most ${MAX_LINE_LENGTH} metres.`,
  }).nullable(),
);

const lineFields = {
  name: lineName,
  description: multilineText().max(2000).nullable().optional(),
  length: lineLength.optional(),
  is_hand_carried: z.boolean().optional(),
  /** Cleared by the server when the line is hand carried. */
  manufacturer: text().trim().max(80).nullable().optional(),
  archived: z.boolean().optional(),
  has_hemolysis: z.boolean().optional(),
  labels: z.array(id()).max(1000).optional(),
};
export const lineCreate = z.object(lineFields);
export const lineUpdate = z.object(lineFields).partial();
export type LineCreate = z.infer<typeof lineCreate>;
export type LineUpdate = z.infer<typeof lineUpdate>;

export const lineListQuery = pageQuery.extend({
  archived: queryBoolean.optional(),
  name__icontains: text().max(80).optional(),
  labels: idList.optional(),
  has_hemolysis: queryBoolean.optional(),
});
export type LineListQuery = z.output<typeof lineListQuery>;

/** The lines table's filters and order (paging aside: the export holds every line). */
export const lineExportQuery = lineListQuery.extend(exportFormatQuery.shape);

export const REVALIDATION_REASONS = ['out_of_range', 'baseline_due'] as const;
export const REVALIDATION_MESSAGES: Record<(typeof REVALIDATION_REASONS)[number], string> = {
  out_of_range:
    '4 or more records are out of range since the last validation: re-validation is recommended.',
  baseline_due: '6 months have passed since the baseline validation: the next validation is due.',
};

/** A line's statistics over all its included records. */
export const lineStatistics = recordSetStatistics.extend({
  /** Mean of the records' mean kinetic temperature (°C); null when none of them has one. */
  mean_kinetic_temperature: out.number().nullable(),
});
export type LineStatistics = z.infer<typeof lineStatistics>;

/** The records of the line's baseline validation on this line, and the range they validate. */
export const validationStatistics = recordSetStatistics.extend({
  validation_id: out.int(),
  validation_name: out.text(),
  /** True when the baseline validation is flagged baseline (else the latest completed one). */
  validated: z.boolean(),
  /** The range covering 99% of measurements; null with 2 or fewer records. */
  range: z.object({ lower: out.number(), upper: out.number() }).nullable(),
});

export const line = z.object({
  id: out.int(),
  name: out.text(),
  description: out.text().nullable(),
  length: out.number().nullable(),
  is_hand_carried: z.boolean(),
  manufacturer: out.text().nullable(),
  archived: z.boolean(),
  labels: z.array(labelRef),
  institute: out.int(),
  has_hemolysis: z.boolean(),
  /** The line's baseline validation, or null before its first completed validation. */
  validation: z.object({ validation_id: out.int(), validation_start_date: isoDate }).nullable(),
  /** Over all included records of the line. */
  line_statistics: lineStatistics,
  validation_statistics: validationStatistics.nullable(),
  /** Included records since the baseline's completion whose VitalMetric is outside its range. */
  out_of_range_count: out.int(),
  revalidation_recommended: z.boolean(),
  /** Why (the first that applies), or null. */
  revalidation_reason: z.enum(REVALIDATION_REASONS).nullable(),
  /** Six months after the baseline validation's start. */
  next_validation_date: isoDate.nullable(),
  /** Monitoring events of the line still open, not yet acknowledged (line-monitoring.md §3). */
  open_events: out.int(),
});
export type LineDto = z.infer<typeof line>;

/** One row of the line's validation history. */
export const lineValidationRow = recordSetStatistics.extend({
  validation_id: out.int(),
  validation_name: out.text(),
  validation_start_date: isoDate,
  status: z.enum(['inprogress', 'completed']),
});
export type LineValidationRow = z.infer<typeof lineValidationRow>;
