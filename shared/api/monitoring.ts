import { z } from 'zod';
import { EVENT_STATUSES } from '../domain/event-words';
import { MONITORING_RULES, NOT_MONITORED_REASONS, RULE_SIDES } from '../domain/monitoring-rules';
import { idParam, intParam, out } from './common';

/** Points a monitoring answer holds unless `limit` says otherwise (line-monitoring.md §2). */
export const MONITORING_DEFAULT_LIMIT = 200;
export const MONITORING_MAX_LIMIT = 5000;

export const lineMonitoringQuery = z.object({
  limit: intParam(1, MONITORING_MAX_LIMIT).default(MONITORING_DEFAULT_LIMIT),
  /** A record of the sequence: the page ends just before it. */
  before: idParam.optional(),
});
export type LineMonitoringQuery = z.infer<typeof lineMonitoringQuery>;

/** `before` names a record that is not in the line's sequence. */
export const BEFORE_NOT_IN_SEQUENCE = "The record is not in the line's monitoring sequence.";

export const ruleFiring = z.object({ rule: z.enum(MONITORING_RULES), side: z.enum(RULE_SIDES) });

/**
 * The event an alarm's firing reached when its record entered the sequence: it opened it, or was
 * counted on it (already open or acknowledged). Null: no event came of it (firingOutcome says why).
 */
export const firingEvent = z.object({
  id: out.int(),
  status: z.enum(EVENT_STATUSES),
  opened: z.boolean(),
});
export type FiringEventDto = z.infer<typeof firingEvent>;

/** A firing of the chart with the event it reached (beyond the spec's `rule` and `side`). */
export const pointFiring = ruleFiring.extend({ event: firingEvent.nullable() });
export type PointFiringDto = z.infer<typeof pointFiring>;

export const monitoringPoint = z.object({
  record_id: out.int(),
  date: out.text(),
  value: out.number(),
  z: out.number(),
  ewma: out.number(),
  ewma_limit: out.number(),
  rules: z.array(pointFiring),
});
export type MonitoringPointDto = z.infer<typeof monitoringPoint>;

export const monitoringBaselineDto = z.object({
  validation_id: out.int(),
  validation_name: out.text(),
  n: out.int(),
  mean: out.number(),
  sd: out.number(),
  lower: out.number(),
  upper: out.number(),
  completed_at: out.text(),
});

export const lineMonitoring = z.object({
  line_id: out.int(),
  monitored: z.boolean(),
  reason: z.enum(NOT_MONITORED_REASONS).nullable(),
  baseline: monitoringBaselineDto.nullable(),
  /** Records in the whole sequence. */
  total: out.int(),
  /** For each rule, the records of the whole sequence it fires at. */
  rule_counts: z.record(z.enum(MONITORING_RULES), out.int()),
  /** The page: the last `limit` records (before `before`), oldest first. */
  points: z.array(monitoringPoint),
});
export type LineMonitoringDto = z.infer<typeof lineMonitoring>;
