import { z } from 'zod';
import { calendarDate, id, idParam, int, intParam, isoDate, out, pageQuery, text } from './common';
import { recordSetStatistics } from './statistics';
import { addDays } from '../domain/time-zone';

export const VALIDATION_STATUSES = ['inprogress', 'completed'] as const;
export const MIN_DURATION_DAYS = 1;
export const MAX_DURATION_DAYS = 3;
/** The protocol: four vials per station pair, each day of the validation (monitoring.md 9). */
export const RECORDS_PER_LINE_PER_DAY = 4;
export const MONTHS_TO_NEXT_VALIDATION = 6;

export const VALIDATION_MESSAGES = {
  nameRequired: 'Validation Name is required',
  nameTooLong: 'Name is too long.',
  nameTaken: 'Validation Name already exists',
  startDateRequired: 'Start Date is required',
  durationRequired: 'Duration is required',
  durationRange: 'Duration must be between 1 and 3 days.',
  linesRequired: 'Select at least one line for the validation',
  /** The edit form's wording for the same rules. */
  editNameRequired: 'Name is a required field.',
  editLinesRequired: 'Please select at least 1 line from the list below.',
  completedNotEditable: 'Completed validations cannot be edited.',
  alreadyCompleted: 'The validation is already completed.',
  reportNeedsCompleted: 'Reports can be linked only to completed validations.',
  created: 'Validation created successfully',
  createFailed: 'Unable to create new validation',
  deleted: (name: string) => `${name} has been deleted.`,
  deleteFailed: 'Unable to delete the validation',
  updated: (name: string) => `${name} has been updated.`,
  collect: 'Collect 4 records for each line.',
  noneInProgress: 'There are no validations in progress for the selected line.',
  reportCreated: 'Report successfully created',
  reportFailed: 'Error creating report',
} as const;

const duration = int(MIN_DURATION_DAYS, MAX_DURATION_DAYS, VALIDATION_MESSAGES.durationRange, {
  error: VALIDATION_MESSAGES.durationRequired,
});
/** Validations start between these years (a far-future start would become the latest). */
export const VALIDATION_YEARS = { min: 2000, max: 2099 } as const;
const startDate = text({ error: VALIDATION_MESSAGES.startDateRequired })
  .min(1, VALIDATION_MESSAGES.startDateRequired)
  .pipe(
    calendarDate(
      VALIDATION_YEARS.min,
      VALIDATION_YEARS.max,
      `Start Date must be a date as YYYY-MM-DD between ${VALIDATION_YEARS.min} and ${VALIDATION_YEARS.max}.`,
    ),
  );
const name = (required: string) =>
  text({ error: required }).trim().min(1, required).max(80, VALIDATION_MESSAGES.nameTooLong);
const lines = (required: string) => z.array(id(), { error: required }).min(1, required).max(1000);

export const validationCreate = z.object({
  name: name(VALIDATION_MESSAGES.nameRequired),
  start_date: startDate,
  duration_days: duration,
  baseline: z.boolean().default(false),
  generate_report: z.boolean().default(false),
  lines: lines(VALIDATION_MESSAGES.linesRequired),
});
export type ValidationCreate = z.output<typeof validationCreate>;

export const validationUpdate = z
  .object({
    name: name(VALIDATION_MESSAGES.editNameRequired),
    start_date: startDate,
    duration_days: duration,
    baseline: z.boolean(),
    generate_report: z.boolean(),
    lines: lines(VALIDATION_MESSAGES.editLinesRequired),
  })
  .partial();
export type ValidationUpdate = z.output<typeof validationUpdate>;

export const validationListQuery = pageQuery.extend({
  size: intParam(1, 10000).default(10),
  name__icontains: text().max(80).optional(),
  name__iexact: text().max(80).optional(),
  line_id: idParam.optional(),
  status: z.enum(VALIDATION_STATUSES).optional(),
});
export type ValidationListQuery = z.output<typeof validationListQuery>;

export const reportRef = z.object({ id: out.int(), download_url: out.text() });

export const validation = z.object({
  id: out.int(),
  name: out.text(),
  institute: out.int(),
  start_date: isoDate,
  /** start_date + duration_days. */
  end_date: isoDate,
  duration_days: out.int(),
  baseline: z.boolean(),
  lines: z.array(out.int()),
  status: z.enum(VALIDATION_STATUSES),
  completed_at: out.text().nullable(),
  /** Six months after the start. */
  next_validation_date: isoDate,
  generate_report: z.boolean(),
  /** The latest report of the validation. */
  report: reportRef.nullable(),
});
export type ValidationDto = z.infer<typeof validation>;

export const validationSummary = z.object({
  lines: z.array(
    z.object({
      line_id: out.int(),
      line_name: out.text(),
      /** Included records collected on the line for this validation. */
      records: out.int(),
      records_required: out.int(),
      records_remaining: out.int(),
    }),
  ),
  records_required_per_line: out.int(),
  /** Over all lines; 0 or less lets the validation complete without a confirmation. */
  total_records_remaining: out.int(),
});

/** The statistics of the validation's records on one line: every metric, as a line's have. */
export const validationLineStats = recordSetStatistics.extend({
  line_id: out.int(),
  line_name: out.text(),
  line_length: out.number().nullable(),
});
export type ValidationLineStats = z.infer<typeof validationLineStats>;

/** `YYYY-MM-DD` plus whole months; a day past the month's end falls on its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The end of a validation: start plus duration_days (monitoring.md section 9). */
export const validationEndDate = (startDate: string, durationDays: number) =>
  addDays(startDate, durationDays);
/** The next validation is recommended six months after the start. */
export const nextValidationDate = (startDate: string) =>
  addMonths(startDate, MONTHS_TO_NEXT_VALIDATION);
