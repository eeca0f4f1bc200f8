import { z } from 'zod';
import { idList, pageQuery, queryBoolean } from './common';
import { labelRef } from './records';

export const HEMOLYSIS_MESSAGES = {
  titleRequired: 'A title is required.',
  titleTooLong: 'The title can have at most 255 characters.',
  lineRequired: 'A line is required for the data.',
  fileRequired: 'A CSV file must be attached.',
  noSuchLine: 'No such line.',
  noSuchLabel: 'No such label.',
  badTimezone: 'Choose a time zone from the list.',
  noMeasurements: 'The file contains no measurements.',
  uploaded: 'Hemolysis data uploaded successfully',
  updated: 'Hemolysis data updated successfully',
  deleted: 'Hemolysis data deleted successfully',
  uploadFailed: 'Unable to upload hemolysis data',
  updateFailed: 'Unable to update hemolysis data',
  deleteFailed: 'Unable to delete hemolysis data',
  measurementUpdated: 'Measurement corrected successfully',
  measurementUpdateFailed: 'Unable to correct the measurement',
  empty: 'No Hemolysis Data',
  disabled: 'Hemolysis tracking is not enabled for this organization.',
} as const;

/** Limits of one file (hemolysis-data.md section 3). */
export const HEMOLYSIS_MAX_BYTES = 50 * 1024 * 1024;
export const HEMOLYSIS_MAX_ROWS = 1_000_000;
export const HEMOLYSIS_TITLE_MAX = 255;

/** The title a file gets when none is given: its name without `.csv`. */
export const titleFromFileName = (name: string): string =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/\.csv$/i, '')
    .slice(0, HEMOLYSIS_TITLE_MAX);

export const hemolysisTitle = z
  .string({ error: HEMOLYSIS_MESSAGES.titleRequired })
  .trim()
  .min(1, HEMOLYSIS_MESSAGES.titleRequired)
  .max(HEMOLYSIS_TITLE_MAX, HEMOLYSIS_MESSAGES.titleTooLong);

export const measurementSummary = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  count: z.number().int(),
});

export const hemolysisData = z.object({
  id: z.number().int(),
  institute: z.number().int(),
  title: z.string(),
  filename: z.string(),
  line: z.object({ id: z.number().int(), name: z.string() }),
  donor_sample: z.boolean(),
  labels: z.array(labelRef),
  timezone_name: z.string(),
  upload_date: z.string(),
  measurement_summary: measurementSummary,
  /** Rows skipped because their h_index was empty. */
  skipped_rows: z.number().int(),
  file_size: z.number().int(),
  /** The original file; fetch with the bearer token. */
  download_url: z.string(),
});
export type HemolysisDataDto = z.infer<typeof hemolysisData>;

/** Multipart fields of a create (documentation; the server checks the stream). */
export const hemolysisUpload = z.object({
  file: z.string().describe('The CSV file (binary)'),
  line: z.string().describe('Line id'),
  title: z.string().optional().describe('Defaults to the file name without .csv'),
  donor_sample: z.string().optional().describe('true or false'),
  timezone_name: z.string().optional().describe("IANA zone; the institute's by default"),
  labels: z.string().optional().describe('Comma-separated label ids'),
});

export const hemolysisDataUpdate = z.object({
  title: hemolysisTitle.optional(),
  line: z.number({ error: HEMOLYSIS_MESSAGES.lineRequired }).int().positive().optional(),
  donor_sample: z.boolean().optional(),
  labels: z.array(z.number().int().positive()).optional(),
});
export type HemolysisDataUpdate = z.input<typeof hemolysisDataUpdate>;

export const HEMOLYSIS_ORDERINGS = ['upload_date', 'title', 'line__name'] as const;

export const hemolysisDataListQuery = pageQuery.extend({
  line_ids: idList.optional(),
  labels: idList.optional(),
  donor_sample: queryBoolean.optional(),
});
export type HemolysisDataListParams = z.input<typeof hemolysisDataListQuery>;

const instant = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Expected an ISO date or timestamp')
  .transform((s) => new Date(s));

export const measurement = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  value: z.number(),
});
export type MeasurementDto = z.infer<typeof measurement>;

export const measurementListQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(10000),
  timestamp__gte: instant.optional(),
  timestamp__lte: instant.optional(),
});
export type MeasurementListParams = z.input<typeof measurementListQuery>;

export const measurementParams = z.object({
  id: z.coerce.number().int().positive(),
  mid: z.coerce.number().int().positive(),
});

export const measurementUpdate = z.object({
  timestamp: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 instant.' }).optional(),
  value: z.number().min(0, 'h_index cannot be negative.').optional(),
});

/** The days of a data set that have measurements, in its own zone (the day picker). */
export const measurementDays = z.object({
  timezone_name: z.string(),
  days: z.array(
    z.object({ date: z.string(), count: z.number().int(), start: z.string(), end: z.string() }),
  ),
});

export const SUMMARY_FREQUENCIES = ['day', 'week', 'month'] as const;
export type SummaryFrequency = (typeof SUMMARY_FREQUENCIES)[number];

export const summaryQuery = z.object({
  frequency: z.enum(SUMMARY_FREQUENCIES).default('week'),
  line_ids: idList.optional(),
  timestamp__gte: instant.optional(),
  timestamp__lte: instant.optional(),
  donor_sample: queryBoolean.optional(),
});
export type SummaryParams = z.input<typeof summaryQuery>;

const rates = z.object({ ldh: z.number(), asat: z.number(), potassium: z.number() });

export const summaryRow = z.object({
  line_id: z.number().int(),
  line_name: z.string(),
  period_start: z.string(),
  count: z.number().int(),
  mean: z.number(),
  median: z.number(),
  p95: z.number(),
  /** Observed fraction of measurements above each analyte's cut-off. */
  rejected: rates,
  /** Mean model probability over the line's included records of the period; null without any. */
  predicted: rates.nullable(),
  records: z.number().int(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

export const hemolysisSummary = z.object({
  range: z.object({ start: z.string(), end: z.string() }).nullable(),
  data: z.array(summaryRow),
});
export type HemolysisSummaryDto = z.infer<typeof hemolysisSummary>;
