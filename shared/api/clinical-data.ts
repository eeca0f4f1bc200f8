import { z } from 'zod';
import {
  calendarDate,
  decimal,
  formField,
  id,
  idList,
  idParam,
  orderedPageQuery,
  out,
  pageQuery,
  text,
  uploadedFile,
} from './common';
import { exportFormatQuery } from './exports';
import { labelRef } from './records';
import { ANALYTE_NAMES } from '../rejection/model';

export const CLINICAL_DATA_MESSAGES = {
  dateRequired: 'You cannot have an empty date.',
  created: 'Clinical data created successfully',
  updated: 'Clinical data updated successfully',
  deleted: 'Clinical data deleted successfully',
  createFailed: 'Unable to create clinical data',
  updateFailed: 'Unable to update clinical data',
  deleteFailed: 'Unable to delete clinical data',
  noSuchRecord: 'No such record.',
  noSuchLabel: 'No such label.',
  noSuchLine: 'Choose a line of this organization.',
  lineDiffersFromRecord: 'The line differs from the line of the linked record.',
  imported: (count: number) =>
    count === 1 ? '1 entry imported successfully' : `${count} entries imported successfully`,
  importFailed: 'Unable to import the file',
  fileRequired: 'A CSV file must be attached.',
} as const;

/** The default and only page size of the clinical data table (administration.md section 9). */
export const CLINICAL_DATA_PAGE_SIZE = 10;

/** The paired values of one entry: the transported sample and its hand-carried baseline. */
export const CLINICAL_ANALYTES = ['h_index', 'ldh', 'asat', 'potassium', 'pfhb'] as const;
export type ClinicalAnalyte = (typeof CLINICAL_ANALYTES)[number];

export const CLINICAL_ANALYTE_INFO: Record<
  ClinicalAnalyte,
  { tab: string; name: string; unit: string }
> = {
  h_index: { tab: 'HI', name: 'Hemolysis index', unit: 'mg/dL' },
  ldh: { tab: ANALYTE_NAMES.ldh, name: ANALYTE_NAMES.ldh, unit: 'U/L' },
  asat: { tab: ANALYTE_NAMES.asat, name: ANALYTE_NAMES.asat, unit: 'U/L' },
  potassium: { tab: ANALYTE_NAMES.potassium, name: 'Potassium', unit: 'mmol/L' },
  pfhb: { tab: 'PFHb', name: 'Free haemoglobin', unit: 'mg/dL' },
};

export const CLINICAL_VALUE_FIELDS = CLINICAL_ANALYTES.flatMap(
  (a) => [a, `${a}_baseline`] as const,
);
export type ClinicalValueField = (typeof CLINICAL_VALUE_FIELDS)[number];

/** Fields only the provider's staff may set; others see them read-only. */
export const STAFF_CLINICAL_FIELDS = ['exclude_from_model', 'donor_sample'] as const;

/** An optional lab value: empty → null, a number (or numeric text) at least 0. */
const labValue = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  decimal(0, Number.MAX_VALUE, {
    error: 'Enter a number.',
    low: 'The value must be at least 0.',
  }).nullable(),
);

const clinicalDate = z.preprocess(
  (v) => (v === null ? undefined : v),
  text({ error: CLINICAL_DATA_MESSAGES.dateRequired })
    .trim()
    .min(1, { message: CLINICAL_DATA_MESSAGES.dateRequired, abort: true })
    .pipe(calendarDate()),
);

const valueShape = Object.fromEntries(CLINICAL_VALUE_FIELDS.map((f) => [f, labValue])) as Record<
  ClinicalValueField,
  typeof labValue
>;

/** An entry's own line: a line of the entry's institute, or null. */
const entryLine = id({ error: CLINICAL_DATA_MESSAGES.noSuchLine });

export const clinicalDataCreate = z.object({
  date: clinicalDate,
  record: id().nullable().default(null),
  line: entryLine.nullable().default(null),
  ...valueShape,
  exclude_from_model: z.boolean().optional(),
  donor_sample: z.boolean().optional(),
  labels: z.array(id()).max(1000).default([]),
});
export type ClinicalDataCreate = z.input<typeof clinicalDataCreate>;

export const clinicalDataUpdate = z.object({
  date: clinicalDate.optional(),
  record: id().nullable().optional(),
  line: entryLine.nullable().optional(),
  ...(Object.fromEntries(CLINICAL_VALUE_FIELDS.map((f) => [f, labValue.optional()])) as Record<
    ClinicalValueField,
    z.ZodOptional<typeof labValue>
  >),
  exclude_from_model: z.boolean().optional(),
  donor_sample: z.boolean().optional(),
  labels: z.array(id()).max(1000).optional(),
});
export type ClinicalDataUpdate = z.input<typeof clinicalDataUpdate>;

/** The linked record as the table shows it: date, line and VitalMetric. */
export const clinicalRecordRef = z.object({
  id: out.int(),
  date: out.text(),
  line: z.object({ id: out.int(), name: out.text() }).nullable(),
  auc: out.number().nullable(),
});
export type ClinicalRecordRef = z.infer<typeof clinicalRecordRef>;

export const clinicalData = z.object({
  id: out.int(),
  institute: out.int(),
  date: out.text(),
  /** The linked record's id, or null. */
  record: out.int().nullable(),
  record_detail: clinicalRecordRef.nullable(),
  /** The entry's own line's id, or null (the form edits this one). */
  line: out.int().nullable(),
  /**
   * The line of the entry (method-comparison.md section 1): its own line, else its record's
   * line, else null. The list shows it and `line_id` filters by it.
   */
  line_detail: z.object({ id: out.int(), name: out.text() }).nullable(),
  ...(Object.fromEntries(CLINICAL_VALUE_FIELDS.map((f) => [f, out.number().nullable()])) as Record<
    ClinicalValueField,
    z.ZodNullable<z.ZodNumber>
  >),
  exclude_from_model: z.boolean(),
  donor_sample: z.boolean(),
  labels: z.array(labelRef),
});
export type ClinicalDataDto = z.infer<typeof clinicalData>;

export const CLINICAL_DATA_ORDERINGS = [
  'date',
  'record__date',
  'record__line__name',
  'h_index',
  'ldh',
  'asat',
  'potassium',
  'pfhb',
] as const;

export const clinicalDataListQuery = orderedPageQuery(CLINICAL_DATA_ORDERINGS).extend({
  size: pageQuery.shape.size.unwrap().default(CLINICAL_DATA_PAGE_SIZE),
  labels: idList.optional(),
  /** Entries whose line (their own, else their record's) is this one. */
  line_id: idParam.optional(),
  /** The entries linking one record (the record page's link to them). */
  record: idParam.optional(),
  date__gte: calendarDate().optional(),
  date__lt: calendarDate().optional(),
});
export type ClinicalDataListQuery = z.output<typeof clinicalDataListQuery>;
export type ClinicalDataListParams = z.input<typeof clinicalDataListQuery>;

/** The clinical data list's filters and order (paging aside: the export holds every page). */
export const clinicalDataExportQuery = clinicalDataListQuery.extend(exportFormatQuery.shape);

/** Limits of one import file (method-comparison.md section 1). */
export const CLINICAL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CLINICAL_IMPORT_MAX_ROWS = 100_000;
/** Labels an import gives each of its entries (rows × labels links are written at once). */
export const CLINICAL_IMPORT_MAX_LABELS = 20;

/** The columns an import file may have: `date` (required), `line`, and the values. */
export const CLINICAL_IMPORT_COLUMNS = ['date', 'line', ...CLINICAL_VALUE_FIELDS] as const;

/** The text fields of an import's multipart form (the file is streamed and checked on its own). */
export const clinicalDataImportFields = z.object({
  labels: formField(
    idList.refine(
      (ids) => ids.length <= CLINICAL_IMPORT_MAX_LABELS,
      `An import can give its entries at most ${CLINICAL_IMPORT_MAX_LABELS} labels.`,
    ),
  ).describe('Comma-separated label ids, applied to every entry'),
});

/** The multipart form of an import: the CSV file and the labels of every entry. */
export const clinicalDataImport = clinicalDataImportFields.extend({
  file: uploadedFile(
    `The CSV file: a header with date (YYYY-MM-DD), optionally line (a line's name), and any of ${CLINICAL_VALUE_FIELDS.join(', ')}; one entry a row`,
  ),
});

/** An import's answer: how many entries it stored. */
export const clinicalDataImported = z.object({ created: out.int() });
export type ClinicalDataImportedDto = z.infer<typeof clinicalDataImported>;

/** The record picker: processed records from the day before to two days after `date`. */
export const recordChoicesQuery = z.object({ date: calendarDate() });
export const recordChoices = z.object({ items: z.array(clinicalRecordRef) });

/** The rejection model in use for an institute (rejection-model.md), for the settings screen. */
export const rejectionModel = z.object({
  source: z.enum(['default', 'calibrated']),
  /** Usable clinical data entries (also when fewer than needed to calibrate). */
  n: out.int(),
  /** How many usable entries calibration needs. */
  min_entries: out.int(),
  k: out.number(),
  k_low: out.number(),
  k_high: out.number(),
  mu: out.number(),
  sigma: out.number(),
});
export type RejectionModelDto = z.infer<typeof rejectionModel>;
