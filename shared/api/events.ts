import { z } from 'zod';
import { EVENT_STATUSES } from '../domain/event-words';
import { MONITORING_RULES, RULE_SIDES } from '../domain/monitoring-rules';
import { idParam, instant, multilineText, orderedPageQuery, out } from './common';
import { exportFormatQuery } from './exports';

export const EVENT_ORDERINGS = ['opened_at', 'id', 'rule', 'status', 'occurrences'] as const;

export const eventListQuery = orderedPageQuery(EVENT_ORDERINGS).extend({
  line: idParam.optional(),
  rule: z.enum(MONITORING_RULES).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  opened_at__gte: instant.optional(),
  opened_at__lt: instant.optional(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** The events list's filters and order (paging aside: the export holds every page). */
export const eventExportQuery = eventListQuery.extend(exportFormatQuery.shape);

export const RESOLUTION_REQUIRED = 'A resolution is required: what was found and done.';
export const RESOLUTION_TOO_LONG = 'The resolution is at most 2000 characters.';
export const eventClose = z.object({
  resolution: multilineText({ error: RESOLUTION_REQUIRED })
    .trim()
    .min(1, RESOLUTION_REQUIRED)
    .max(2000, RESOLUTION_TOO_LONG),
});
export type EventClose = z.infer<typeof eventClose>;

export const ACKNOWLEDGE_NOTE_TOO_LONG = 'The note is at most 2000 characters.';
/** Acknowledging may say what was seen or is being done (optional; issue 44). */
export const eventAcknowledge = z.object({
  note: multilineText().trim().max(2000, ACKNOWLEDGE_NOTE_TOO_LONG).optional(),
});
export type EventAcknowledge = z.infer<typeof eventAcknowledge>;

export const EVENT_ALREADY_CLOSED = 'The event is closed.';
export const EVENT_NOT_OPEN = 'Only an open event can be acknowledged.';

export const monitoringEvent = z.object({
  id: out.int(),
  line: out.int(),
  rule: z.enum(MONITORING_RULES),
  side: z.enum(RULE_SIDES),
  status: z.enum(EVENT_STATUSES),
  /** When processing opened it. */
  opened_at: out.text(),
  first_record: out.int().nullable(),
  /** The date of the run that first fired it: when the drift was seen (null: run deleted). */
  first_record_date: out.text().nullable(),
  last_record: out.int().nullable(),
  occurrences: out.int(),
  acknowledged_by: out.int().nullable(),
  acknowledged_at: out.text().nullable(),
  /** What the person who acknowledged it wrote. */
  acknowledge_note: out.text().nullable(),
  closed_by: out.int().nullable(),
  closed_at: out.text().nullable(),
  resolution: out.text().nullable(),
});
export type MonitoringEventDto = z.infer<typeof monitoringEvent>;
