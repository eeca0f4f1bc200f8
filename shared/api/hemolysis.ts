import { z } from 'zod';
import {
  decimal,
  formBoolean,
  formField,
  id,
  idList,
  idParam,
  instant,
  orderedPageQuery,
  out,
  pageQuery,
  queryBoolean,
  text,
  timestamp,
  timeZone,
  uploadedFile,
} from './common';
import { exportFormatQuery } from './exports';
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
  feedSetFollowsMappings:
    'A lab-feed data set follows the location mappings: change a mapping instead.',
  feedMeasurementFromLab:
    'Results from the lab feed are corrected by the laboratory system (OBX-11 = C).',
} as const;

/** Where a data set's measurements come from: a CSV upload, or the lab feed (lab-feed.md 7). */
export const HEMOLYSIS_DATA_SOURCES = ['upload', 'feed'] as const;
export type HemolysisDataSource = (typeof HEMOLYSIS_DATA_SOURCES)[number];

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

export const hemolysisTitle = text({ error: HEMOLYSIS_MESSAGES.titleRequired })
  .trim()
  .min(1, HEMOLYSIS_MESSAGES.titleRequired)
  .max(HEMOLYSIS_TITLE_MAX, HEMOLYSIS_MESSAGES.titleTooLong);

export const measurementSummary = z.object({
  start: out.text().nullable(),
  end: out.text().nullable(),
  count: out.int(),
});

export const hemolysisData = z.object({
  id: out.int(),
  institute: out.int(),
  title: out.text(),
  filename: out.text(),
  line: z.object({ id: out.int(), name: out.text() }),
  donor_sample: z.boolean(),
  labels: z.array(labelRef),
  timezone_name: out.text(),
  upload_date: out.text(),
  measurement_summary: measurementSummary,
  /** Rows skipped because their h_index was empty. */
  skipped_rows: out.int(),
  file_size: out.int(),
  source: z.enum(HEMOLYSIS_DATA_SOURCES),
  /** The original file; fetch with the bearer token. Null for a lab-feed set (no file). */
  download_url: out.text().nullable(),
});
export type HemolysisDataDto = z.infer<typeof hemolysisData>;

/**
 * The text fields of a create's multipart form, parsed by the server once the form is received
 * (the file is streamed and checked on its own).
 */
export const hemolysisUploadFields = z.object({
  line: text({ error: HEMOLYSIS_MESSAGES.lineRequired })
    .min(1, HEMOLYSIS_MESSAGES.lineRequired)
    .transform(Number)
    .pipe(id()),
  title: formField(hemolysisTitle).describe('Defaults to the file name without .csv'),
  donor_sample: formBoolean.optional().describe('true or false'),
  timezone_name: formField(timeZone(HEMOLYSIS_MESSAGES.badTimezone)).describe(
    "IANA zone; the institute's by default",
  ),
  labels: formField(idList).describe('Comma-separated label ids'),
});

/** The multipart form of a create: the CSV file and its text fields. */
export const hemolysisUpload = hemolysisUploadFields.extend({
  file: uploadedFile('The CSV file'),
});

export const hemolysisDataUpdate = z.object({
  title: hemolysisTitle.optional(),
  line: id({ error: HEMOLYSIS_MESSAGES.lineRequired }).optional(),
  donor_sample: z.boolean().optional(),
  labels: z.array(id()).max(1000).optional(),
});
export type HemolysisDataUpdate = z.input<typeof hemolysisDataUpdate>;

export const HEMOLYSIS_ORDERINGS = ['upload_date', 'title', 'line__name'] as const;

export const hemolysisDataListQuery = orderedPageQuery(HEMOLYSIS_ORDERINGS).extend({
  line_ids: idList.optional(),
  labels: idList.optional(),
  donor_sample: queryBoolean.optional(),
});
export type HemolysisDataListParams = z.input<typeof hemolysisDataListQuery>;

export const measurement = z.object({
  id: out.int(),
  timestamp: out.text(),
  value: out.number(),
});
export type MeasurementDto = z.infer<typeof measurement>;

export const measurementListQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(10000),
  timestamp__gte: instant.optional(),
  timestamp__lte: instant.optional(),
});
export type MeasurementListParams = z.input<typeof measurementListQuery>;

export const measurementParams = z.object({ id: idParam, mid: idParam });

export const measurementUpdate = z.object({
  timestamp: timestamp().optional(),
  value: decimal(0, Number.MAX_VALUE, { low: 'h_index cannot be negative.' }).optional(),
});

/** The days of a data set that have measurements, in its own zone (the day picker). */
export const measurementDays = z.object({
  timezone_name: out.text(),
  days: z.array(
    z.object({ date: out.text(), count: out.int(), start: out.text(), end: out.text() }),
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

/** The summary's filters and period, for its export. */
export const summaryExportQuery = summaryQuery.extend(exportFormatQuery.shape);

const rates = z.object({ ldh: out.number(), asat: out.number(), potassium: out.number() });

export const summaryRow = z.object({
  line_id: out.int(),
  line_name: out.text(),
  period_start: out.text(),
  count: out.int(),
  mean: out.number(),
  median: out.number(),
  p95: out.number(),
  /** Observed fraction of measurements above each analyte's cut-off. */
  rejected: rates,
  /** Mean model probability over the line's included records of the period; null without any. */
  predicted: rates.nullable(),
  records: out.int(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

export const hemolysisSummary = z.object({
  range: z.object({ start: out.text(), end: out.text() }).nullable(),
  data: z.array(summaryRow),
});
export type HemolysisSummaryDto = z.infer<typeof hemolysisSummary>;
