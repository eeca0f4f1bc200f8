import { z } from 'zod';
import { UNLABELED } from '../domain/unlabeled';
import { exportFormatQuery } from './exports';
import { REJECTION_BANDS } from '../domain/rejection-bands';
import { EVENT_STATUSES } from '../domain/event-words';
import { MONITORING_RULES, RULE_SIDES } from '../domain/monitoring-rules';
import { EMAIL_MODES } from '../domain/notifications';
import { recordMetrics } from '../vial/record-metrics';
import {
  id,
  idList,
  idParam,
  instant,
  intParam,
  isIdString,
  MAX_YEAR,
  MIN_YEAR,
  out,
  pageQuery,
  queryBoolean,
  text,
  timestamp,
} from './common';

export const TEMPERATURE_TYPES = ['ambient', 'refrigerated', 'frozen'] as const;

/** What processing computed (shared/vial/metrics.ts), with the record's rejection figure. */
export const recordMetricsDto = recordMetrics.extend({
  /** Worst analyte's rejection probability in percent. */
  rejection: out.number().nullable(),
});
export type RecordMetricsDto = z.infer<typeof recordMetricsDto>;

export const labelRef = z.object({ id: out.int(), label: out.text(), color: out.text() });

export const outOfRange = z.object({
  value: out.number(),
  validated: z.boolean(),
  range: z.object({ lower: out.number(), upper: out.number() }),
  out_of_range: z.boolean(),
});

/**
 * A monitoring event this record fired (line-monitoring.md §3): the event's first or, for a
 * firing added to an event already open, its latest firing is at this record.
 */
export const recordAlarm = z.object({
  event: out.int(),
  line: out.int(),
  rule: z.enum(MONITORING_RULES),
  side: z.enum(RULE_SIDES),
  status: z.enum(EVENT_STATUSES),
});
export type RecordAlarmDto = z.infer<typeof recordAlarm>;

export const record = z.object({
  id: out.int(),
  date: out.text(),
  upload_date: out.text(),
  duration: out.number().nullable(),
  vial: out.text().nullable(),
  line: z.object({ id: out.int(), name: out.text(), archived: z.boolean() }).nullable(),
  labels: z.array(labelRef),
  exclude: z.boolean(),
  hidden: z.boolean(),
  test_run: z.boolean(),
  is_reviewed: z.boolean(),
  is_processed: z.boolean(),
  /** Why processing failed, when it did. */
  processing_error: out.text().nullable(),
  validation: out.int().nullable(),
  institute: out.int(),
  temperature_type: z.enum(TEMPERATURE_TYPES).nullable(),
  outside_controlled_seconds: out.number().nullable(),
  outside_excursion_seconds: out.number().nullable(),
  clinical_data_count: out.int(),
  metrics: recordMetricsDto.nullable(),
  out_of_range: outOfRange.nullable(),
  sha256: out.text(),
  file_size: out.int(),
  sequence: out.int().nullable(),
  /** The monitoring events the record fired, oldest first. */
  alarms: z.array(recordAlarm),
});
export type RecordDto = z.infer<typeof record>;

/**
 * What a write of records set off in monitoring: each event it opened (`opened`) or added a
 * firing to, on which line, and who the events it opened notified, and how.
 */
export const setOff = z.object({
  events: z.array(
    z.object({
      id: out.int(),
      line: z.object({ id: out.int(), name: out.text() }),
      rule: z.enum(MONITORING_RULES),
      side: z.enum(RULE_SIDES),
      opened: z.boolean(),
      record: out.int(),
    }),
  ),
  notified: z.array(
    z.object({
      user: out.int(),
      name: out.text(),
      in_app: z.boolean(),
      email: z.enum(EMAIL_MODES),
    }),
  ),
});
export type SetOffDto = z.infer<typeof setOff>;

/** A saved record, with what its save set off. */
export const savedRecord = record.extend({ set_off: setOff });
export type SavedRecordDto = z.infer<typeof savedRecord>;

export const uploadResponse = record.extend({ duplicate: z.boolean() });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** Dates in filters: a date (midnight UTC) or a full ISO timestamp. */
const bandList = text()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(REJECTION_BANDS)));

/** `labels` takes label ids and the built-in `unlabeled`. */
const LABEL_FILTER_MESSAGE = `Expected comma-separated label ids or '${UNLABELED}'.`;
const labelFilter = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s.trim() !== ''))
  .pipe(
    z
      .array(
        z.union([
          z.literal(UNLABELED),
          text().refine(isIdString, LABEL_FILTER_MESSAGE).transform(Number),
        ]),
      )
      .max(1000),
  );

export const recordListQuery = pageQuery.extend({
  line: idParam.optional(),
  line_id: idParam.optional(),
  line_ids: idList.optional(),
  validation_ids: idList.optional(),
  validation__id: idParam.optional(),
  date__gte: instant.optional(),
  date__lt: instant.optional(),
  upload_date__gte: instant.optional(),
  upload_date__lt: instant.optional(),
  exclude: queryBoolean.optional(),
  is_processed: queryBoolean.optional(),
  is_reviewed: queryBoolean.optional(),
  hidden: queryBoolean.optional(),
  include_hidden: queryBoolean.optional(),
  rejection: bandList.optional(),
  labels: labelFilter.optional(),
});
export type RecordListQuery = z.output<typeof recordListQuery>;

/** The records list's filters and order (paging aside: the export holds every page). */
export const recordExportQuery = recordListQuery.extend(exportFormatQuery.shape);

export const recordSummary = z.object({
  reviewed: out.int(),
  not_reviewed: out.int(),
  unprocessed: out.int(),
});

export const recordPatch = z.object({
  line: id().nullable().optional(),
  validation: id().nullable().optional(),
  labels: z.array(id()).max(1000).optional(),
  exclude: z.boolean().optional(),
  is_reviewed: z.boolean().optional(),
  // Staff only:
  date: timestamp(`Expected a timestamp between the years ${MIN_YEAR} and ${MAX_YEAR}.`).optional(),
  hidden: z.boolean().optional(),
  institute: id({ error: 'You must assign an institute to a record' }).optional(),
  test_run: z.boolean().optional(),
  short_run_error: z.boolean().optional(),
  flatline_error: z.boolean().optional(),
  no_run_error: z.boolean().optional(),
});
export type RecordPatch = z.infer<typeof recordPatch>;
export const STAFF_RECORD_FIELDS = [
  'date',
  'hidden',
  'institute',
  'test_run',
  'short_run_error',
  'flatline_error',
  'no_run_error',
] as const;

export const recordDataQuery = z.object({
  type: z.enum(['acceleration', 'temperature']),
  max_points: intParam(2, 1_000_000).default(4000),
});
export const accelerationData = z.object({
  acceleration_time: z.array(out.number()),
  acceleration: z.array(out.number()),
  maximum_acceleration: out.number().nullable(),
});
export const temperatureData = z.object({
  temperature_time: z.array(out.number()),
  temperature: z.array(out.number()),
  minimum_temperature: out.number().nullable(),
  maximum_temperature: out.number().nullable(),
});

export const CUMULATIVE_METRICS = ['auc', 'auc_225hz', 'power'] as const;
export type CumulativeMetric = (typeof CUMULATIVE_METRICS)[number];
export const cumulativeQuery = z.object({
  metric: z.enum(CUMULATIVE_METRICS).default('auc'),
  max_points: intParam(2, 1_000_000).default(4000),
});
export const cumulativeData = z.object({
  time: z.array(out.number()),
  cumulative_metric: z.array(out.number()),
});
